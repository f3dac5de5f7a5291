import type { RouterContext } from '@koa/router'
import type { AdminOperations } from '@cms/contract'
import type { EndpointHandlers } from '@cms/http'
import type { WebsitesAdmin } from '../domain/websites-admin.ts'
import type { Upstream } from './api-routes.ts'
import type { UpstreamProxy } from './upstream-proxy.ts'

/** Who the services see when the operator reads through the admin API: no key, admin scope. */
export const OPERATOR_KEY_ID = '00000000-0000-4000-8000-000000000000'

const segment = (value: string | undefined): string => encodeURIComponent(value ?? '')

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
 * with admin scope. Writes to a website's content go through the public API with a key.
 */
export function adminReadRoutes(deps: {
  websites: WebsitesAdmin
  proxy: UpstreamProxy
}): EndpointHandlers<AdminOperations, ViewId> {
  const view =
    (upstream: Upstream, target: (ctx: RouterContext) => string) =>
    async (ctx: RouterContext & { params: { id: string } }) => {
      const website = await deps.websites.get(ctx.params.id)
      await deps.proxy.forward(ctx, {
        upstream,
        pathAndQuery: target(ctx),
        caller: { websiteId: website.id, keyId: OPERATOR_KEY_ID, scope: 'admin' },
      })
    }
  return {
    viewContentTypes: view('schema', (ctx) => `/api/content-types${search(ctx)}`),
    viewContentType: view('schema', (ctx) => `/api/content-types/${segment(ctx.params.name)}`),
    viewDocuments: view('contentRead', (ctx) => `/api/content${withDrafts(ctx.querystring)}`),
    viewDocument: view(
      'contentRead',
      (ctx) => `/api/content/${segment(ctx.params.docId)}?draft=true`,
    ),
    viewVersions: view(
      'contentRead',
      (ctx) => `/api/content/${segment(ctx.params.docId)}/versions${search(ctx)}`,
    ),
    // `cms types` reads the locale codes to type localized values.
    viewLocales: view('schema', () => '/api/locales'),
    viewMedia: view('contentRead', (ctx) => `/api/media${search(ctx)}`),
    viewWebhooks: view('webhook', () => '/api/webhooks'),
    viewWebhook: view('webhook', (ctx) => `/api/webhooks/${segment(ctx.params.hookId)}`),
    viewDeliveries: view(
      'webhook',
      (ctx) => `/api/webhooks/${segment(ctx.params.hookId)}/deliveries${search(ctx)}`,
    ),
  }
}
