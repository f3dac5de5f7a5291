import type { Logger } from 'pino'
import { traceHeaders } from '@cms/trace'
import type { DeliveryRepository } from '../data/delivery-repository.ts'
import type { PayloadRepository } from '../data/payload-repository.ts'
import type { WebhookRepository } from '../data/webhook-repository.ts'
import type { AttemptResult, AttemptSender } from './attempt-sender.ts'
import type { Delivery, DeliveryStatus } from './delivery.ts'
import type { DeliveryJob, JobQueue } from './delivery-job.ts'
import { unbracket } from './address-policy.ts'
import { attemptIdFor } from './delivery-id.ts'
import type { EndpointPacer } from './endpoint-pacer.ts'
import type { SlotLimiter } from './slot-limiter.ts'
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
  payloads: PayloadRepository
  webhooks: Pick<WebhookRepository, 'find'>
  send: AttemptSender
  queue: JobQueue
  limiter: SlotLimiter
  pacer: EndpointPacer
  /** The address a host name's deliveries are limited by (target-address.ts). */
  targetAddress: (hostname: string) => Promise<string>
  retryDelaysMs: readonly number[]
  userAgent: string
  now: () => Date
  logger: Logger
  observer?: DeliveryObserver
}

/**
 * Runs one delivery job: one attempt against the webhook as it is now configured, recorded,
 * then either finished or handed to the broker for the next attempt after its delay.
 */
export function createDeliveryRunner(deps: DeliveryRunnerDeps) {
  const giveUp = (delivery: Delivery, reason: string) =>
    deps.deliveries.close(delivery.id, {
      status: 'failed',
      lastError: reason,
      nextAttemptAt: null,
      updatedAt: deps.now().toISOString(),
    })

  async function record(
    delivery: Delivery,
    webhook: Webhook,
    job: DeliveryJob,
    startedAt: Date,
    result: AttemptResult,
  ): Promise<void> {
    const outcome = outcomeOf({
      attempt: job.attempt,
      succeeded: result.succeeded,
      delaysMs: deps.retryDelaysMs,
    })
    // The retry is with the broker before the attempt is recorded: a crash in between repeats
    // the attempt (same X-Webhook-Id) rather than leaving a delivery pending with nothing queued.
    if (outcome.status === 'pending') {
      await deps.queue.retryLater(
        {
          deliveryId: delivery.id,
          attempt: job.attempt + 1,
          host: targetHost(webhook),
          websiteId: delivery.websiteId,
        },
        outcome.retryInMs,
      )
    }
    const finishedAt = deps.now()
    await deps.deliveries.recordAttempt({
      id: attemptIdFor(delivery.id, job.attempt),
      deliveryId: delivery.id,
      webhookId: delivery.webhookId,
      websiteId: delivery.websiteId,
      attempt: job.attempt,
      startedAt: startedAt.toISOString(),
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      succeeded: result.succeeded,
      statusAfter: outcome.status,
      nextAttemptAt:
        outcome.status === 'pending'
          ? new Date(finishedAt.getTime() + outcome.retryInMs).toISOString()
          : null,
    })
    deps.observer?.attempted(result, outcome.status)
    deps.logger.info(
      {
        deliveryId: delivery.id,
        attempt: job.attempt,
        statusCode: result.statusCode,
        outcome: outcome.status,
      },
      'webhook attempt',
    )
  }

  /**
   * A job parked again (its website still past its share) waits the longest retry delay of at
   * most 5 s instead of the 2 s park, so a website's backlog does not cycle through the work
   * queue, in front of other websites' jobs, every 2 s.
   */
  const longPark = [...deps.retryDelaysMs].filter((delay) => delay <= 5000).sort((a, b) => b - a)[0]

  async function park(job: DeliveryJob): Promise<'parked'> {
    const parked = { ...job, parked: (job.parked ?? 0) + 1 }
    if (job.parked && longPark !== undefined && longPark > 2000)
      await deps.queue.retryLater(parked, longPark)
    else await deps.queue.park(parked)
    deps.observer?.parked()
    return 'parked'
  }

  async function runJob(job: DeliveryJob): Promise<RunResult> {
    if (job.websiteId !== undefined && deps.limiter.isFull(job.websiteId)) return park(job)
    const delivery = await deps.deliveries.findById(job.deliveryId)
    // A job for a finished delivery, or one already attempted, is a duplicate from the broker.
    if (!delivery || delivery.status !== 'pending' || delivery.attempts >= job.attempt)
      return 'skipped'
    const webhook = await deps.webhooks.find(delivery.websiteId, delivery.webhookId)
    if (!webhook) {
      await giveUp(delivery, 'the webhook was deleted')
      return 'skipped'
    }
    const payload = await deps.payloads.find(delivery.payloadId)
    if (!payload || payload.websiteId !== delivery.websiteId) {
      await giveUp(delivery, 'the payload of this delivery is missing')
      return 'skipped'
    }
    const url = new URL(webhook.url)
    const endpoint = `${delivery.websiteId} ${url.origin}`
    const pausedUntil = deps.pacer.pausedUntil(endpoint, deps.now().getTime())
    if (pausedUntil !== undefined) {
      // Paced: the attempt is spent without a request, and the delivery waits its next retry.
      const error = `not sent: the endpoint kept timing out; paced until ${new Date(pausedUntil).toISOString()}`
      const result = { succeeded: false, statusCode: null, error, durationMs: 0 }
      await record(delivery, webhook, job, deps.now(), result)
      return 'attempted'
    }
    const keys = {
      websiteId: delivery.websiteId,
      target: await deps.targetAddress(unbracket(url.hostname)),
    }
    // W3C trace context of the job (the write that caused it): the receiver can join the trace.
    const trace = traceHeaders()
    // The slot covers the request only: recording the outcome must not hold up the next request.
    const sending = deps.limiter.tryRun(keys, async () => {
      const startedAt = deps.now()
      const headers = deliveryHeaders({
        event: delivery.event,
        deliveryId: delivery.id,
        timestampSeconds: Math.floor(startedAt.getTime() / 1000),
        body: payload.body,
        secret: webhook.secret,
        userAgent: deps.userAgent,
      })
      return {
        startedAt,
        result: await deps.send({
          url: webhook.url,
          headers: { ...headers, ...trace },
          body: payload.body,
        }),
      }
    })
    const sent = sending && (await sending)
    if (!sent) return park(job)
    const { startedAt, result } = sent
    deps.pacer.record(endpoint, { timedOut: result.timedOut === true }, deps.now().getTime())
    await record(delivery, webhook, job, startedAt, result)
    return 'attempted'
  }

  // Jobs of one delivery (a duplicate, or a retry queued before the last outcome was recorded)
  // run one after another, each seeing what the previous one wrote.
  const inHand = new Map<string, Promise<unknown>>()

  return {
    async run(job: DeliveryJob): Promise<RunResult> {
      const previous = inHand.get(job.deliveryId)
      const running = (previous ?? Promise.resolve()).catch(() => undefined).then(() => runJob(job))
      inHand.set(job.deliveryId, running)
      try {
        return await running
      } finally {
        if (inHand.get(job.deliveryId) === running) inHand.delete(job.deliveryId)
      }
    },
  }
}

export type DeliveryRunner = ReturnType<typeof createDeliveryRunner>
