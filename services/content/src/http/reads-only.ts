import type { Middleware } from 'koa'
import { MethodNotAllowedError } from '@cms/errors'

const READ_METHODS = ['GET', 'HEAD']

/** A read-mode instance answers 405 to anything but reads (the gateway sends writes elsewhere). */
export function readsOnly(): Middleware {
  return async function readsOnlyMiddleware(ctx, next) {
    if (!READ_METHODS.includes(ctx.method)) throw new MethodNotAllowedError(READ_METHODS)
    await next()
  }
}
