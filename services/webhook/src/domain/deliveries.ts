import { NotFoundError } from '@cms/errors'
import type { DeliveryRepository } from '../data/delivery-repository.ts'
import type { PayloadRepository } from '../data/payload-repository.ts'
import type { WebhookRepository } from '../data/webhook-repository.ts'
import { PING_EVENT, toDeliveryDetailView, toDeliveryView } from './delivery.ts'
import type { Delivery, DeliveryDetailView, DeliveryView } from './delivery.ts'
import type { JobQueue } from './delivery-job.ts'
import { pageEnvelope } from '@cms/pagination'
import type { PageEnvelope, PageRequest } from '@cms/pagination'
import { pingBody } from './payload.ts'
import { targetHost } from './webhook.ts'
import type { Webhook } from './webhook.ts'
import { isVisibleTo, payloadVisibleTo, seesEveryType } from './webhook-visibility.ts'
import type { WebhookCaller } from './webhook-visibility.ts'

export interface DeliveryUseCaseDeps {
  webhooks: WebhookRepository
  deliveries: DeliveryRepository
  payloads: PayloadRepository
  queue: JobQueue
  now: () => Date
  newId: () => string
}

/** The delivery log of one webhook, redelivery, and the test ping. */
export function createDeliveryUseCases(deps: DeliveryUseCaseDeps) {
  async function findWebhook(caller: WebhookCaller, webhookId: string): Promise<Webhook> {
    const webhook = await deps.webhooks.find(caller.websiteId, webhookId)
    if (!webhook || !isVisibleTo(webhook, caller)) throw new NotFoundError('Webhook not found')
    return webhook
  }

  /** A delivery from before its webhook was narrowed to the caller's types is not sent again. */
  async function assertResendable(delivery: Delivery, caller: WebhookCaller): Promise<void> {
    if (seesEveryType(caller)) return
    const payload = await deps.payloads.find(delivery.payloadId)
    if (payload && !payloadVisibleTo(payload.body, caller))
      throw new NotFoundError('Delivery not found')
  }

  async function findDelivery(webhook: Webhook, deliveryId: string): Promise<Delivery> {
    const delivery = await deps.deliveries.findById(deliveryId)
    if (
      !delivery ||
      delivery.webhookId !== webhook.id ||
      delivery.websiteId !== webhook.websiteId
    ) {
      throw new NotFoundError('Delivery not found')
    }
    return delivery
  }

  /** Stored, then queued; if the broker refuses, the entry says so instead of staying pending. */
  async function startDelivery(webhook: Webhook, delivery: Delivery): Promise<DeliveryView> {
    await deps.deliveries.insertAllOnce([delivery])
    try {
      await deps.queue.enqueue({
        deliveryId: delivery.id,
        attempt: 1,
        host: targetHost(webhook),
        websiteId: delivery.websiteId,
      })
    } catch (error) {
      const lastError = 'the message broker was unavailable; nothing was sent'
      await deps.deliveries.close(delivery.id, {
        status: 'failed',
        lastError,
        nextAttemptAt: null,
        updatedAt: deps.now().toISOString(),
      })
      throw error
    }
    return toDeliveryView(delivery)
  }

  function newDelivery(
    webhook: Webhook,
    fields: Pick<Delivery, 'payloadId' | 'event' | 'documentId' | 'eventId' | 'redeliveryOf'> & {
      id: string
    },
  ): Delivery {
    const createdAt = deps.now().toISOString()
    return {
      ...fields,
      webhookId: webhook.id,
      websiteId: webhook.websiteId,
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      nextAttemptAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    }
  }

  return {
    async page(
      caller: WebhookCaller,
      webhookId: string,
      request: PageRequest,
    ): Promise<PageEnvelope<DeliveryView>> {
      const webhook = await findWebhook(caller, webhookId)
      const { docs, totalDocs } = await deps.deliveries.pageByWebhook(webhook.id, {
        skip: (request.page - 1) * request.limit,
        limit: request.limit,
      })
      return pageEnvelope(docs.map(toDeliveryView), totalDocs, request)
    },

    async get(
      caller: WebhookCaller,
      webhookId: string,
      deliveryId: string,
    ): Promise<DeliveryDetailView> {
      const delivery = await findDelivery(await findWebhook(caller, webhookId), deliveryId)
      return toDeliveryDetailView(delivery, await deps.deliveries.attemptsOf(delivery.id))
    },

    /**
     * A new delivery (its own id, so its own X-Webhook-Id) of the same bytes, with the full retry
     * schedule; the original's log entry stays as it was.
     */
    async redeliver(
      caller: WebhookCaller,
      webhookId: string,
      deliveryId: string,
    ): Promise<DeliveryView> {
      const webhook = await findWebhook(caller, webhookId)
      const original = await findDelivery(webhook, deliveryId)
      await assertResendable(original, caller)
      return startDelivery(
        webhook,
        newDelivery(webhook, {
          id: deps.newId(),
          payloadId: original.payloadId,
          event: original.event,
          documentId: original.documentId,
          eventId: original.eventId,
          redeliveryOf: original.id,
        }),
      )
    },

    /** A signed `webhook.ping` through the normal pipeline (guard, signature, retries, log). */
    async ping(caller: WebhookCaller, webhookId: string): Promise<DeliveryView> {
      const { websiteId } = caller
      const webhook = await findWebhook(caller, webhookId)
      const id = deps.newId()
      const payloadId = `ping:${id}`
      const now = deps.now()
      await deps.payloads.saveOnce({
        id: payloadId,
        websiteId,
        body: pingBody(webhook, now),
        createdAt: now.toISOString(),
      })
      return startDelivery(
        webhook,
        newDelivery(webhook, {
          id,
          payloadId,
          event: PING_EVENT,
          documentId: null,
          eventId: null,
          redeliveryOf: null,
        }),
      )
    },
  }
}

export type DeliveryUseCases = ReturnType<typeof createDeliveryUseCases>
