import type { Middleware } from 'koa'
import { jsonBody, routed } from '@cms/http'
import { internalRoutes } from './internal-routes.ts'
import { webhookRoutes } from './webhook-routes.ts'
import type { RouteDeps } from './webhook-routes.ts'

/**
 * Below the shared bootstrap (which checks the internal credential on `/api` and `/internal`
 * and that each public call was authorized as the operation it addresses): JSON bodies, the
 * routes.
 */
export function apiMiddleware(deps: RouteDeps): Middleware[] {
  return [jsonBody(), routed(webhookRoutes(deps)), routed(internalRoutes(deps.webhooks))]
}
