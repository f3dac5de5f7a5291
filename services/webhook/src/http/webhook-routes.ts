import { Router } from '@koa/router'
import type { DeliveryUseCases } from '../domain/deliveries.ts'
import type { WebhookUseCases } from '../domain/webhooks.ts'
import { webhookRuleProblems } from '../domain/webhook-input.ts'
import { AUDITED_WEBHOOKS } from './audited-changes.ts'
import { auditedHandlers, mountOperations, writeKeyOf } from '@cms/http'
import type { AuditAppender } from '@cms/http'
import { pageRequestOf } from '@cms/pagination'

export interface RouteDeps {
  webhooks: WebhookUseCases
  deliveries: DeliveryUseCases
  audit: AuditAppender
}

/**
 * `/api/webhooks...`: thin; every route acts for the website of the gateway-vouched caller, and
 * each change is audited.
 */
export function webhookRoutes(deps: RouteDeps): Router {
  const { webhooks, deliveries } = deps
  return mountOperations(
    new Router(),
    auditedHandlers(
      {
        listWebhooks: async (ctx) => {
          ctx.body = { docs: await webhooks.list(ctx.state.caller) }
        },
        createWebhook: async (ctx) => {
          ctx.status = 201
          const { websiteId, quotas } = ctx.state.caller
          const writeKey = writeKeyOf(ctx, websiteId)
          ctx.body = await webhooks.create(ctx.state.caller, ctx.state.input.body, quotas, writeKey)
        },
        getWebhook: async (ctx) => {
          ctx.body = await webhooks.get(ctx.state.caller, ctx.params.id)
        },
        updateWebhook: async (ctx) => {
          ctx.body = await webhooks.update(ctx.state.caller, ctx.params.id, ctx.request.body)
        },
        deleteWebhook: async (ctx) => {
          await webhooks.remove(ctx.state.caller, ctx.params.id)
          ctx.status = 204
        },
        listDeliveries: async (ctx) => {
          const page = pageRequestOf(ctx.state.input.query)
          ctx.body = await deliveries.page(ctx.state.caller, ctx.params.id, page)
        },
        getDelivery: async (ctx) => {
          const { id, deliveryId } = ctx.params
          ctx.body = await deliveries.get(ctx.state.caller, id, deliveryId)
        },
        redeliver: async (ctx) => {
          const { id, deliveryId } = ctx.params
          ctx.status = 202
          ctx.body = await deliveries.redeliver(ctx.state.caller, id, deliveryId)
        },
        testWebhook: async (ctx) => {
          ctx.status = 202
          ctx.body = await deliveries.ping(ctx.state.caller, ctx.params.id)
        },
      },
      deps.audit,
      AUDITED_WEBHOOKS,
    ),
    // A PATCH is checked by its use case, after the webhook is found (404 before 422).
    { bodyChecks: { createWebhook: webhookRuleProblems }, checkedLater: ['updateWebhook'] },
  )
}
