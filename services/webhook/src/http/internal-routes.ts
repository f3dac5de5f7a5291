import { Router } from '@koa/router'
import type { WebhookUseCases } from '../domain/webhooks.ts'

/** `GET /internal/usage`: the caller website's webhook count, for the admin API's quota view. */
export function internalRoutes(webhooks: WebhookUseCases): Router {
  const router = new Router({ prefix: '/internal' })
  router.get('/usage', async (ctx) => {
    ctx.body = await webhooks.usage(ctx.state.caller.websiteId)
  })
  return router
}
