import type { Middleware } from 'koa'

/** Runs `middleware` for `prefix` and the paths below it only. */
export function underPath(prefix: string, middleware: Middleware): Middleware {
  return function underPathMiddleware(ctx, next) {
    if (ctx.path === prefix || ctx.path.startsWith(`${prefix}/`)) return middleware(ctx, next)
    return next()
  }
}
