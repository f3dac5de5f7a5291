import type { Logger } from 'pino'
import type { AttemptRepository } from '../data/attempt-repository.ts'
import type { DeliveryRepository } from '../data/delivery-repository.ts'
import type { PayloadRepository } from '../data/payload-repository.ts'
import type { WebhookRepository } from '../data/webhook-repository.ts'
import type { AttemptResult, AttemptSender } from './attempt-sender.ts'
import type { Delivery, DeliveryStatus } from './delivery.ts'
import type { DeliveryJob, JobQueue } from './delivery-job.ts'
import type { HostLimiter } from './host-limiter.ts'
import { outcomeOf } from './retry-schedule.ts'
import { deliveryHeaders } from './signature.ts'
import { targetHost } from './webhook.ts'
import type { Webhook } from './webhook.ts'

export type RunResult = 'attempted' | 'skipped' | 'parked'

/** Told about every attempt (with the delivery's status after it) and every parked job. */
export interface DeliveryObserver {
  attempted(result: AttemptResult, status: DeliveryStatus): void
  parked(): void
}

export interface DeliveryRunnerDeps {
  deliveries: DeliveryRepository
  attempts: AttemptRepository
  payloads: PayloadRepository
  webhooks: WebhookRepository
  send: AttemptSender
  queue: JobQueue
  limiter: HostLimiter
  retryDelaysMs: readonly number[]
  userAgent: string
  now: () => Date
  newId: () => string
  logger: Logger
  observer?: DeliveryObserver
}

/**
 * Runs one delivery job: one attempt against the webhook as it is now configured, recorded,
 * then either finished or handed to the broker for the next attempt after its delay.
 */
export function createDeliveryRunner(deps: DeliveryRunnerDeps) {
  const giveUp = (delivery: Delivery, reason: string) =>
    deps.deliveries.update(delivery.id, {
      status: 'failed',
      lastError: reason,
      nextAttemptAt: null,
      updatedAt: deps.now().toISOString(),
    })

  async function attempt(
    delivery: Delivery,
    webhook: Webhook,
    body: string,
    attemptNumber: number,
  ): Promise<void> {
    const startedAt = deps.now()
    const headers = deliveryHeaders({
      event: delivery.event,
      deliveryId: delivery.id,
      timestampSeconds: Math.floor(startedAt.getTime() / 1000),
      body,
      secret: webhook.secret,
      userAgent: deps.userAgent,
    })
    const result = await deps.send({ url: webhook.url, headers, body })
    const outcome = outcomeOf({
      attempt: attemptNumber,
      succeeded: result.succeeded,
      delaysMs: deps.retryDelaysMs,
    })
    await deps.attempts.record({
      id: deps.newId(),
      deliveryId: delivery.id,
      webhookId: delivery.webhookId,
      websiteId: delivery.websiteId,
      attempt: attemptNumber,
      startedAt: startedAt.toISOString(),
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      succeeded: result.succeeded,
    })
    // The retry is with the broker before the log says so: a crash in between repeats an
    // attempt (same X-Webhook-Id) rather than leaving a delivery pending with nothing queued.
    if (outcome.status === 'pending') {
      await deps.queue.retryLater(
        { deliveryId: delivery.id, attempt: attemptNumber + 1, host: targetHost(webhook) },
        outcome.retryInMs,
      )
    }
    const finishedAt = deps.now()
    await deps.deliveries.update(delivery.id, {
      status: outcome.status,
      attempts: attemptNumber,
      lastStatusCode: result.statusCode,
      lastError: result.error,
      nextAttemptAt:
        outcome.status === 'pending'
          ? new Date(finishedAt.getTime() + outcome.retryInMs).toISOString()
          : null,
      updatedAt: finishedAt.toISOString(),
    })
    deps.observer?.attempted(result, outcome.status)
    deps.logger.info(
      {
        deliveryId: delivery.id,
        attempt: attemptNumber,
        statusCode: result.statusCode,
        outcome: outcome.status,
      },
      'webhook attempt',
    )
  }

  async function park(job: DeliveryJob): Promise<'parked'> {
    await deps.queue.park(job)
    deps.observer?.parked()
    return 'parked'
  }

  return {
    async run(job: DeliveryJob): Promise<RunResult> {
      if (job.host !== undefined && deps.limiter.isFull(job.host)) return park(job)
      const delivery = await deps.deliveries.findById(job.deliveryId)
      // A job for a finished delivery, or one already attempted, is a duplicate from the broker.
      if (!delivery || delivery.status !== 'pending' || delivery.attempts >= job.attempt)
        return 'skipped'
      const webhook = await deps.webhooks.find(delivery.websiteId, delivery.webhookId)
      if (!webhook) {
        await giveUp(delivery, 'the webhook was deleted')
        return 'skipped'
      }
      // The payload (the document, the largest read) only once the host has a slot: a job that
      // is parked comes back and would read it again.
      const running = deps.limiter.tryRun(targetHost(webhook), async () => {
        const payload = await deps.payloads.find(delivery.payloadId)
        if (!payload || payload.websiteId !== delivery.websiteId) {
          await giveUp(delivery, 'the payload of this delivery is missing')
          return 'skipped' as const
        }
        await attempt(delivery, webhook, payload.body, job.attempt)
        return 'attempted' as const
      })
      return running ?? park(job)
    },
  }
}

export type DeliveryRunner = ReturnType<typeof createDeliveryRunner>
