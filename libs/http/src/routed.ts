import compose from 'koa-compose'
import type { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { MethodNotAllowedError } from '@cms/errors'

/**
 * A router's routes plus its method handling, where @koa/router's bare 405/501 (a known path
 * with another method) becomes the contract's METHOD_NOT_ALLOWED body with its Allow header.
 */
export function routed(router: Router): Middleware {
  return compose([
    async function methodNotAllowedAsError(ctx, next) {
      await next()
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) {
        throw new MethodNotAllowedError(ctx.response.get('Allow').split(/,\s*/).filter(Boolean))
      }
    },
    router.routes(),
    router.allowedMethods(),
  ]) as Middleware
}
