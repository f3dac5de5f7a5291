import { BUILT_IN_ROLES } from '@cms/contract'
import type { RouterContext } from '@koa/router'
import { pathOf, PUBLIC_OPERATIONS as API } from '@cms/contract'
import type { AdminOperations, Operation, Upstream } from '@cms/contract'
import { OPERATOR_KEY_ID } from '@cms/http'
import type { CallerActor, EndpointHandlers } from '@cms/http'
import type { Context } from 'koa'
import type { WebsitesAdmin } from '../domain/websites-admin.ts'
import type { UpstreamProxy } from './upstream-proxy.ts'

/** The operator acting in the admin API: a person, or the admin token. */
export const operatorActor = (ctx: Context): CallerActor => {
  const person = ctx.state.signedIn?.person
  return person ? { kind: 'person', name: person.name } : { kind: 'operator', name: 'admin token' }
}

/** The query string without any `draft` parameter, then `draft=true`: the panel sees drafts too. */
function withDrafts(querystring: string): string {
  const kept = querystring
    .split('&')
    .filter((part) => part !== '' && !/^draft(?:=|%5B|\[|$)/i.test(part))
  return `?${[...kept, 'draft=true'].join('&')}`
}

const search = (ctx: RouterContext): string => (ctx.querystring ? `?${ctx.querystring}` : '')

type ViewId =
  | 'viewContentTypes'
  | 'viewContentType'
  | 'viewComponents'
  | 'viewLocales'
  | 'viewDocuments'
  | 'viewDocument'
  | 'viewVersions'
  | 'viewWebhooks'
  | 'viewWebhook'
  | 'viewDeliveries'
  | 'viewMedia'

/**
 * Read-only views for the admin panel: each is the public API's GET for that website, called
 * with the owner's permissions. Writes to a website's content go through the public API with a key.
 */
export function adminReadRoutes(deps: {
  websites: WebsitesAdmin
  proxy: UpstreamProxy
}): EndpointHandlers<AdminOperations, ViewId> {
  /**
   * The public read `operation` of the website: its path parameters taken from the admin path's
   * (`{id: 'docId'}`), its query from `query`.
   */
  const view =
    (
      operation: Operation & { upstream: Upstream },
      names: Record<string, string> = {},
      query: (ctx: RouterContext) => string = search,
    ) =>
    async (ctx: RouterContext & { params: { id: string } }) => {
      const website = await deps.websites.get(ctx.params.id)
      const params = Object.fromEntries(
        Object.entries(names).map(([name, from]) => [name, ctx.params[from] ?? '']),
      )
      await deps.proxy.forward(ctx, {
        upstream: operation.upstream,
        pathAndQuery: `${pathOf(operation.path, params)}${query(ctx)}`,
        caller: {
          websiteId: website.id,
          keyId: ctx.state.operatorId ?? OPERATOR_KEY_ID,
          actor: operatorActor(ctx),
          permissions: BUILT_IN_ROLES.owner,
        },
      })
    }
  const none = () => ''
  return {
    viewContentTypes: view(API.listContentTypes),
    viewContentType: view(API.getContentType, { name: 'name' }, none),
    // `cms types` reads the components the types' component and blocks fields name.
    viewComponents: view(API.listComponents, {}, none),
    viewDocuments: view(API.listDocuments, {}, (ctx) => withDrafts(ctx.querystring)),
    viewDocument: view(API.getDocument, { id: 'docId' }, () => '?draft=true'),
    viewVersions: view(API.listVersions, { id: 'docId' }),
    // `cms types` reads the locale codes to type localized values.
    viewLocales: view(API.getLocales, {}, none),
    viewMedia: view(API.listMedia),
    viewWebhooks: view(API.listWebhooks, {}, none),
    viewWebhook: view(API.getWebhook, { id: 'hookId' }, none),
    viewDeliveries: view(API.listDeliveries, { id: 'hookId' }),
  }
}
