import type { Logger } from 'pino'
import type { WebhookEventMessage } from '@cms/events'
import type { DeliveryRepository } from '../data/delivery-repository.ts'
import type { PayloadRepository } from '../data/payload-repository.ts'
import type { WebhookRepository } from '../data/webhook-repository.ts'
import { deliveryIdFor } from './delivery-id.ts'
import type { JobQueue } from './delivery-job.ts'
import { webhookMatches } from './matching.ts'
import { eventBody } from './payload.ts'
import { targetHost } from './webhook.ts'

/** Events of one website fanned out at once (see createFanOut). */
const FAN_OUTS_PER_WEBSITE = 16

export interface FanOutDeps {
  webhooks: Pick<WebhookRepository, 'listByWebsite'>
  deliveries: DeliveryRepository
  payloads: PayloadRepository
  queue: JobQueue
  now: () => Date
  logger: Logger
  /**
   * Whether the website already holds its share of the jobs in hand: its new jobs then go
   * straight to the park queue instead of in front of other websites' jobs in the work queue.
   */
  holdsItsShare?: (websiteId: string) => boolean
}

/**
 * Turns one entry event into one delivery per matching webhook. Everything is persisted and
 * queued before this resolves (the caller acks the event only then), and doing it again for a
 * redelivered event finds the same deliveries by their derived ids instead of adding more.
 * Deliveries are written once, here; the runner appends their attempts (docs/webhooks.md).
 */
export function createFanOut(deps: FanOutDeps) {
  // A website's events fan out at most FAN_OUTS_PER_WEBSITE at a time, so a burst of one
  // website's events with many webhooks each does not take every database connection and
  // publish slot that another website's event needs.
  const running = new Map<string, { count: number; queue: Array<() => void> }>()
  async function turn(websiteId: string): Promise<() => void> {
    const state = running.get(websiteId) ?? { count: 0, queue: [] }
    running.set(websiteId, state)
    if (state.count >= FAN_OUTS_PER_WEBSITE) await new Promise<void>((go) => state.queue.push(go))
    else state.count += 1
    return () => {
      const next = state.queue.shift()
      if (next) return next()
      state.count -= 1
      if (state.count === 0) running.delete(websiteId)
    }
  }

  return async function fanOut(message: WebhookEventMessage): Promise<number> {
    const done = await turn(message.websiteId)
    try {
      return await fanOutNow(message)
    } finally {
      done()
    }
  }

  async function fanOutNow(message: WebhookEventMessage): Promise<number> {
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
        documentId: 'release' in message ? null : message.document.id,
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
        const job = {
          deliveryId: delivery.id,
          attempt: 1,
          host: targetHost(webhooks[index]!),
          websiteId: delivery.websiteId,
        }
        if (deps.holdsItsShare?.(delivery.websiteId)) await deps.queue.park({ ...job, parked: 1 })
        else await deps.queue.enqueue(job)
      }),
    )
    deps.logger.debug({ eventId: message.eventId, deliveries: webhooks.length }, 'event fanned out')
    return webhooks.length
  }
}

export type FanOut = ReturnType<typeof createFanOut>
