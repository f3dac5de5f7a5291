import type { Middleware } from 'koa'
import { requireAdmin } from '../domain/document-access.ts'

/** Scope before anything else: a read key's write is 403 even when its body is also wrong. */
export function adminOnly(): Middleware {
  return async function adminOnlyMiddleware(ctx, next) {
    requireAdmin(ctx.state.caller)
    await next()
  }
}
