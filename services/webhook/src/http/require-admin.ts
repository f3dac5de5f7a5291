import type { Middleware } from 'koa'
import { ForbiddenError } from '@cms/errors'

/** Webhooks are managed with admin keys only (contract section 1); the gateway checks it too. */
export function requireAdmin(): Middleware {
  return async function requireAdminMiddleware(ctx, next) {
    if (ctx.state.caller.scope !== 'admin') throw new ForbiddenError()
    await next()
  }
}
