import compose from 'koa-compose'
import type { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { MethodNotAllowedError } from '@cms/errors'

/** A router whose "method not allowed" (and unknown method) leaves as the contract's 405 body. */
export function routedWithContractErrors(router: Router): Middleware {
  return compose([
    async function methodNotAllowedAsError(ctx, next) {
      await next()
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body == null) {
        const allowed = ctx.response.get('Allow').split(/,\s*/).filter(Boolean)
        throw new MethodNotAllowedError(allowed)
      }
    },
    router.routes(),
    router.allowedMethods(),
  ]) as Middleware
}
