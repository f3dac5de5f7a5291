import type { Middleware } from 'koa'
import { adminScope, jsonBody, routed } from '@cms/http'
import { internalRoutes } from './internal-routes.ts'
import { webhookRoutes } from './webhook-routes.ts'
import type { RouteDeps } from './webhook-routes.ts'

/**
 * Below the shared bootstrap (which checks the internal credential on `/api` and `/internal`):
 * admin scope on every `/api` path, JSON bodies, the routes.
 */
export function apiMiddleware(deps: RouteDeps): Middleware[] {
  const admin = adminScope()
  const adminOnApi: Middleware = async function adminOnApiMiddleware(ctx, next) {
    return ctx.path.startsWith('/api/') ? admin(ctx, next) : next()
  }
  return [
    adminOnApi,
    jsonBody(),
    routed(webhookRoutes(deps)),
    routed(internalRoutes(deps.webhooks)),
  ]
}
