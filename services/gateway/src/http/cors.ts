import type { Middleware } from 'koa'
import { NotFoundError } from '@cms/errors'
import { REQUEST_ID_HEADER } from '@cms/http'
import { matchApiRoute } from './api-routes.ts'

const ALLOWED_HEADERS = [
  'x-api-key',
  // Strapi's clients send the key as `Authorization: Bearer <key>`.
  'authorization',
  'content-type',
  'if-match',
  'if-none-match',
  'idempotency-key',
  REQUEST_ID_HEADER,
  // W3C Trace Context, which browser tracing sends on cross-origin calls only when allowed.
  'traceparent',
  'tracestate',
]
const EXPOSED_HEADERS = [
  'ETag',
  'Idempotent-Replayed',
  'Location',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Request-Id',
].join(', ')

/**
 * The public API may be called from browsers (a site reading published content with a read
 * key), as with other headless CMSs. Keys travel in a header, never in cookies, so any origin
 * may call and credentials are not allowed. A preflight (OPTIONS) needs no key.
 */
export function publicApiCors(): Middleware {
  return async function publicApiCorsMiddleware(ctx, next) {
    ctx.set('Access-Control-Allow-Origin', '*')
    ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS)
    if (ctx.method !== 'OPTIONS') return next()
    const match = matchApiRoute('OPTIONS', ctx.path)
    if (match.kind !== 'method-not-allowed')
      throw new NotFoundError(`No route for OPTIONS ${ctx.path}`)
    const allowed = [...match.allowed, 'OPTIONS'].join(', ')
    ctx.set('Allow', allowed)
    ctx.set('Access-Control-Allow-Methods', allowed)
    ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '))
    ctx.set('Access-Control-Max-Age', '600')
    ctx.status = 204
  }
}
