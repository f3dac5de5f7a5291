import type { Router } from '@koa/router'
import type { WebsitesAdmin } from '../domain/websites-admin.ts'
import { OPERATOR_KEY_ID } from './admin-read-routes.ts'
import type { UpstreamProxy } from './upstream-proxy.ts'

export interface AdminMediaRoutesDeps {
  websites: WebsitesAdmin
  proxy: UpstreamProxy
  /** Cached reads of the website are given up (a forced delete changes populated documents). */
  contentChanged?: (websiteId: string) => Promise<void>
}

/**
 * The admin panel's media library: upload and delete, each the public API's `/api/media` call
 * made with admin scope (the list is a read view in admin-read-routes.ts). The upload streams
 * under the same body rule as `POST /api/media` (media-upload-rule.ts).
 */
export function adminMediaRoutes(router: Router, deps: AdminMediaRoutesDeps): void {
  const caller = (websiteId: string) => ({
    websiteId,
    keyId: OPERATOR_KEY_ID,
    scope: 'admin' as const,
  })
  router.post('/websites/:id/media', async (ctx) => {
    const website = await deps.websites.get(ctx.params.id!)
    await deps.proxy.forward(ctx, {
      upstream: 'contentWrite',
      pathAndQuery: '/api/media',
      caller: caller(website.id),
    })
  })
  router.delete('/websites/:id/media/:mediaId', async (ctx) => {
    const website = await deps.websites.get(ctx.params.id!)
    const force = new URLSearchParams(ctx.querystring).get('force') === 'true'
    let changed = true
    try {
      await deps.proxy.forward(ctx, {
        upstream: 'contentWrite',
        pathAndQuery: `/api/media/${encodeURIComponent(ctx.params.mediaId!)}${force ? '?force=true' : ''}`,
        caller: caller(website.id),
      })
      changed = ctx.status < 400 || ctx.status >= 500
    } finally {
      if (changed) await deps.contentChanged?.(website.id)
    }
  })
}
