import { BUILT_IN_ROLES } from '@cms/contract'
import type { Middleware } from 'koa'
import { MethodNotAllowedError, NotFoundError } from '@cms/errors'
import type { AssetRateLimiter } from '../domain/asset-rate-limiter.ts'
import type { UpstreamProxy } from './upstream-proxy.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Asset requests reach the content service as this caller of the website in the path. */
export const ASSET_KEY_ID = 'public-asset'

/**
 * `GET /media/<websiteId>/<mediaId>/<filename>[?w=&h=&fit=&format=&q=]` without a key
 * (extensions C): forwarded to the content read pool's `/internal/media/:id/:filename` for the
 * website named in the path, which is only ever a read of that website's media. Anything that
 * is not that shape is 404 before any upstream call; transforms count per client address.
 */
export function mediaAssets(deps: { proxy: UpstreamProxy; limiter: AssetRateLimiter }): Middleware {
  return async function mediaAssetsMiddleware(ctx) {
    // On every answer under /media, the gateway's own errors too (docs/media.md).
    ctx.set('Content-Security-Policy', "default-src 'none'; sandbox")
    const parts = ctx.path.split('/')
    const [, , websiteId, mediaId, filename] = parts
    if (parts.length !== 5 || !UUID.test(websiteId!) || !UUID.test(mediaId!) || !filename)
      throw new NotFoundError(`No asset at ${ctx.path}`)
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD')
      throw new MethodNotAllowedError(['GET', 'HEAD'])
    ;(ctx as { _matchedRoute?: string })._matchedRoute = '/media/:websiteId/:mediaId/:filename'
    if (ctx.querystring !== '') await deps.limiter.consume(ctx.ip)
    await deps.proxy.forward(ctx, {
      upstream: 'contentRead',
      pathAndQuery: `/internal/media/${mediaId}/${filename}${ctx.search}`,
      caller: { websiteId: websiteId!, keyId: ASSET_KEY_ID, permissions: BUILT_IN_ROLES.viewer },
    })
  }
}
