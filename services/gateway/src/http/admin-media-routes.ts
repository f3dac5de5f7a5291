import { BUILT_IN_ROLES } from '@cms/contract'
import type { RouterContext } from '@koa/router'
import { pathOf, PUBLIC_OPERATIONS as API } from '@cms/contract'
import type { AdminIo, AdminOperations } from '@cms/contract'
import type { EndpointHandlers } from '@cms/http'
import type { WebsitesAdmin } from '../domain/websites-admin.ts'
import { OPERATOR_KEY_ID } from '@cms/http'
import { operatorActor } from './admin-read-routes.ts'
import type { UpstreamProxy } from './upstream-proxy.ts'

type Context = RouterContext

export interface AdminMediaRoutesDeps {
  websites: WebsitesAdmin
  proxy: UpstreamProxy
  /** Cached reads of the website are given up (a forced delete changes populated documents). */
  contentChanged?: (websiteId: string) => Promise<void>
}

/**
 * The admin panel's media library: upload, alt text and caption, delete, each the public API's
 * `/api/media` call made as the website's owner (the list is a read view in admin-read-routes.ts).
 * The upload streams under the same body rule as `POST /api/media` (media-upload-rule.ts); the
 * change is JSON under the usual limit.
 */
export function adminMediaRoutes(
  deps: AdminMediaRoutesDeps,
): EndpointHandlers<AdminOperations, 'uploadMedia' | 'updateMedia' | 'deleteMedia', AdminIo> {
  const caller = (ctx: Context, websiteId: string) => ({
    websiteId,
    keyId: ctx.state.operatorId ?? OPERATOR_KEY_ID,
    actor: operatorActor(ctx),
    permissions: BUILT_IN_ROLES.owner,
  })
  /** A change populated documents may show: cached reads go unless the service refused it. */
  const forwardChange = async (ctx: Context, pathAndQuery: string) => {
    const website = await deps.websites.get(ctx.params.id!)
    let changed = true
    try {
      await deps.proxy.forward(ctx, {
        upstream: 'contentWrite',
        pathAndQuery,
        caller: caller(ctx, website.id),
      })
      changed = ctx.status < 400 || ctx.status >= 500
    } finally {
      if (changed) await deps.contentChanged?.(website.id)
    }
  }
  const mediaPath = (ctx: Context) => pathOf(API.updateMedia.path, { id: ctx.params.mediaId! })

  return {
    uploadMedia: async (ctx) => {
      const website = await deps.websites.get(ctx.params.id)
      await deps.proxy.forward(ctx, {
        upstream: 'contentWrite',
        pathAndQuery: API.uploadMedia.path,
        caller: caller(ctx, website.id),
      })
    },
    updateMedia: (ctx) => forwardChange(ctx, mediaPath(ctx)),
    deleteMedia: (ctx) => {
      const force = ctx.state.input.query.force === 'true'
      return forwardChange(ctx, `${mediaPath(ctx)}${force ? '?force=true' : ''}`)
    },
  }
}
