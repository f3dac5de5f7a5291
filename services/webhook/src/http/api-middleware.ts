import type { Middleware } from 'koa'
import { MethodNotAllowedError } from '@cms/errors'
import { jsonBody, requireInternalCaller } from '@cms/http'
import { requireAdmin } from './require-admin.ts'
import { internalRoutes } from './internal-routes.ts'
import { webhookRoutes } from './webhook-routes.ts'
import type { RouteDeps } from './webhook-routes.ts'

/**
 * Everything below the shared bootstrap: internal auth and admin scope on `/api`, internal auth
 * on `/internal` (service-to-service only), JSON bodies, routes.
 */
export function apiMiddleware(deps: RouteDeps & { internalToken: string }): Middleware[] {
  const internalCaller = requireInternalCaller(deps.internalToken)
  const admin = requireAdmin()
  const router = webhookRoutes(deps)
  // @koa/router types its middleware against its own context type; to Koa they are plain middleware.
  const routes = router.routes() as unknown as Middleware
  const allowed = router.allowedMethods() as unknown as Middleware

  const internal = internalRoutes(deps.webhooks).routes() as unknown as Middleware

  const onlyApi: Middleware = async function onlyApiMiddleware(ctx, next) {
    if (ctx.path.startsWith('/internal/')) return internalCaller(ctx, () => internal(ctx, next))
    if (!ctx.path.startsWith('/api/')) return next()
    return internalCaller(ctx, () => admin(ctx, next))
  }
  // The router answers a known path with the wrong method with a bare 405; give it the error body.
  const methodNotAllowed: Middleware = async function methodNotAllowedMiddleware(ctx, next) {
    await allowed(ctx, next)
    if (ctx.status === 405 && ctx.body === undefined) {
      throw new MethodNotAllowedError(ctx.response.get('Allow').split(/,\s*/).filter(Boolean))
    }
  }
  return [onlyApi, jsonBody(), routes, methodNotAllowed]
}
