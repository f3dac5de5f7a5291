import type { Router } from '@koa/router'
import type { Context } from 'koa'
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

const search = (ctx: Context): string => (ctx.querystring ? `?${ctx.querystring}` : '')

/**
 * Read-only views for the admin panel: each is the public API's GET for that website, called
 * with admin scope. Writes to a website's content go through the public API with a key.
 */
export function adminReadRoutes(
  router: Router,
  deps: { websites: WebsitesAdmin; proxy: UpstreamProxy },
): void {
  const view = (path: string, upstream: Upstream, target: (ctx: Context) => string) => {
    router.get(path, async (ctx) => {
      const website = await deps.websites.get(ctx.params.id!)
      await deps.proxy.forward(ctx, {
        upstream,
        pathAndQuery: target(ctx),
        caller: { websiteId: website.id, keyId: OPERATOR_KEY_ID, scope: 'admin' },
      })
    })
  }
  view('/websites/:id/content-types', 'schema', (ctx) => `/api/content-types${search(ctx)}`)
  view(
    '/websites/:id/content-types/:name',
    'schema',
    (ctx) => `/api/content-types/${segment(ctx.params.name)}`,
  )
  view(
    '/websites/:id/documents',
    'contentRead',
    (ctx) => `/api/content${withDrafts(ctx.querystring)}`,
  )
  view(
    '/websites/:id/documents/:docId',
    'contentRead',
    (ctx) => `/api/content/${segment(ctx.params.docId)}?draft=true`,
  )
  view(
    '/websites/:id/documents/:docId/versions',
    'contentRead',
    (ctx) => `/api/content/${segment(ctx.params.docId)}/versions${search(ctx)}`,
  )
  // `cms types` reads the locale codes to type localized values.
  view('/websites/:id/locales', 'schema', () => '/api/locales')
  view('/websites/:id/media', 'contentRead', (ctx) => `/api/media${search(ctx)}`)
  view('/websites/:id/webhooks', 'webhook', () => '/api/webhooks')
  view(
    '/websites/:id/webhooks/:hookId',
    'webhook',
    (ctx) => `/api/webhooks/${segment(ctx.params.hookId)}`,
  )
  view(
    '/websites/:id/webhooks/:hookId/deliveries',
    'webhook',
    (ctx) => `/api/webhooks/${segment(ctx.params.hookId)}/deliveries${search(ctx)}`,
  )
}
