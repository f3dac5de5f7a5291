import { Router } from '@koa/router'
import type { DeliveryUseCases } from '../domain/deliveries.ts'
import type { WebhookUseCases } from '../domain/webhooks.ts'
import { writeKeyOf } from '@cms/http'
import { parsePageRequest } from '@cms/pagination'

export interface RouteDeps {
  webhooks: WebhookUseCases
  deliveries: DeliveryUseCases
}

/** `/api/webhooks...`: thin; every route acts for the website of the gateway-vouched caller. */
export function webhookRoutes(deps: RouteDeps): Router {
  const router = new Router({ prefix: '/api/webhooks' })

  router.get('/', async (ctx) => {
    ctx.body = { docs: await deps.webhooks.list(ctx.state.caller.websiteId) }
  })
  router.post('/', async (ctx) => {
    ctx.status = 201
    const { websiteId, quotas } = ctx.state.caller
    const writeKey = writeKeyOf(ctx, websiteId)
    ctx.body = await deps.webhooks.create(websiteId, ctx.request.body, quotas, writeKey)
  })
  router.get('/:id', async (ctx) => {
    ctx.body = await deps.webhooks.get(ctx.state.caller.websiteId, ctx.params.id!)
  })
  router.patch('/:id', async (ctx) => {
    ctx.body = await deps.webhooks.update(
      ctx.state.caller.websiteId,
      ctx.params.id!,
      ctx.request.body,
    )
  })
  router.delete('/:id', async (ctx) => {
    await deps.webhooks.remove(ctx.state.caller.websiteId, ctx.params.id!)
    ctx.status = 204
  })

  router.get('/:id/deliveries', async (ctx) => {
    const page = parsePageRequest(ctx.querystring)
    ctx.body = await deps.deliveries.page(ctx.state.caller.websiteId, ctx.params.id!, page)
  })
  router.get('/:id/deliveries/:deliveryId', async (ctx) => {
    ctx.body = await deps.deliveries.get(
      ctx.state.caller.websiteId,
      ctx.params.id!,
      ctx.params.deliveryId!,
    )
  })
  router.post('/:id/deliveries/:deliveryId/redeliver', async (ctx) => {
    ctx.status = 202
    ctx.body = await deps.deliveries.redeliver(
      ctx.state.caller.websiteId,
      ctx.params.id!,
      ctx.params.deliveryId!,
    )
  })
  router.post('/:id/test', async (ctx) => {
    ctx.status = 202
    ctx.body = await deps.deliveries.ping(ctx.state.caller.websiteId, ctx.params.id!)
  })
  return router
}
