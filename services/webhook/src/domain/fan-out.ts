import type { Logger } from 'pino'
import type { EntryEventMessage } from '@cms/events'
import type { DeliveryRepository } from '../data/delivery-repository.ts'
import type { PayloadRepository } from '../data/payload-repository.ts'
import type { WebhookRepository } from '../data/webhook-repository.ts'
import { deliveryIdFor } from './delivery-id.ts'
import type { JobQueue } from './delivery-job.ts'
import { webhookMatches } from './matching.ts'
import { eventBody } from './payload.ts'
import { targetHost } from './webhook.ts'

export interface FanOutDeps {
  webhooks: WebhookRepository
  deliveries: DeliveryRepository
  payloads: PayloadRepository
  queue: JobQueue
  now: () => Date
  logger: Logger
}

/**
 * Turns one entry event into one delivery per matching webhook. Everything is persisted and
 * queued before this resolves (the caller acks the event only then), and doing it again for a
 * redelivered event finds the same deliveries by their derived ids instead of adding more.
 * Deliveries are written once, here; the runner appends their attempts (docs/webhooks.md).
 */
export function createFanOut(deps: FanOutDeps) {
  return async function fanOut(message: EntryEventMessage): Promise<number> {
    const webhooks = (await deps.webhooks.listByWebsite(message.websiteId)).filter((webhook) =>
      webhookMatches(webhook, message),
    )
    if (webhooks.length === 0) return 0
    const createdAt = deps.now().toISOString()
    await deps.payloads.saveOnce({
      id: message.eventId,
      websiteId: message.websiteId,
      body: eventBody(message),
      createdAt,
    })
    const stored = await deps.deliveries.insertAllOnce(
      webhooks.map((webhook) => ({
        id: deliveryIdFor(message.eventId, webhook.id),
        webhookId: webhook.id,
        websiteId: message.websiteId,
        eventId: message.eventId,
        payloadId: message.eventId,
        event: message.event,
        documentId: message.document.id,
        status: 'pending' as const,
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        nextAttemptAt: createdAt,
        redeliveryOf: null,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    await Promise.all(
      stored.map(async ({ delivery, created }, index) => {
        // A redelivered event: the first processing may have died before queueing this one.
        // Queueing it again when it was queued after all is harmless (the runner skips it).
        if (!created && (delivery.status !== 'pending' || delivery.attempts > 0)) return
        const host = targetHost(webhooks[index]!)
        await deps.queue.enqueue({
          deliveryId: delivery.id,
          attempt: 1,
          host,
          websiteId: delivery.websiteId,
        })
      }),
    )
    deps.logger.debug({ eventId: message.eventId, deliveries: webhooks.length }, 'event fanned out')
    return webhooks.length
  }
}

export type FanOut = ReturnType<typeof createFanOut>
