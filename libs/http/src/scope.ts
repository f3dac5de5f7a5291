import type { Middleware } from 'koa'
import { ForbiddenError } from '@cms/errors'
import type { Caller } from './internal-auth.ts'

/** 403 unless the gateway vouched for an admin-scope key. */
export function requireAdminScope(caller: Caller): void {
  if (caller.scope !== 'admin')
    throw new ForbiddenError('This operation needs a key with admin scope')
}

/** The same as route middleware, so scope is judged before a body is read. */
export function adminScope(): Middleware {
  return async function adminScopeMiddleware(ctx, next) {
    requireAdminScope(ctx.state.caller)
    await next()
  }
}
