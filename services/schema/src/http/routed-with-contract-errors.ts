import compose from 'koa-compose'
import type { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { MethodNotAllowedError } from '@cms/errors'

/** The router's routes, with its bare 405/501 (and their Allow header) as the contract's error body. */
export function routedWithContractErrors(router: Router): Middleware {
  return compose([
    async function methodNotAllowedAsError(ctx, next) {
      await next()
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) {
        const allowed = ctx.response.get('Allow').split(',').map((method) => method.trim()).filter(
          Boolean,
        )
        throw new MethodNotAllowedError(allowed)
      }
    },
    router.routes(),
    router.allowedMethods(),
  ]) as Middleware
}
