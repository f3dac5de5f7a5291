import { Router } from '@koa/router'
import type { ContentTypes } from '../domain/content-types.ts'

/**
 * Paths only other services call (the gateway routes no public path here):
 * `GET /internal/usage` for the admin API's quota view, and `GET /internal/field-declarations`
 * for the content service's list queries and relations: per type, each field's name and type,
 * and a relation's `target` and `many`; never whole definitions.
 */
export function internalRoutes(types: ContentTypes): Router {
  const router = new Router({ prefix: '/internal' })
  router.get('/usage', async (ctx) => {
    ctx.body = await types.usage(ctx.state.caller)
  })
  router.get('/field-declarations', async (ctx) => {
    ctx.body = { docs: await types.declarations(ctx.state.caller) }
  })
  return router
}
