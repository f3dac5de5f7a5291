import type { Middleware } from 'koa'
import { requireInternalCaller } from '@cms/http'

/** Only `/api` and `/internal` need the gateway's credential; health and metrics stay open. */
export function internalOnly(token: string): Middleware {
  const check = requireInternalCaller(token)
  return async function internalOnlyMiddleware(ctx, next) {
    if (/^\/(api|internal)(\/|$)/.test(ctx.path)) return check(ctx, next)
    return next()
  }
}
