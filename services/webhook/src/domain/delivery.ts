export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

/** The event name of the signed ping that `POST /api/webhooks/:id/test` sends. */
export const PING_EVENT = 'webhook.ping'

/** One event (or ping) on its way to one webhook; its id is the `X-Webhook-Id` of every attempt. */
export interface Delivery {
  id: string
  webhookId: string
  websiteId: string
  /** The entry event it came from; null for pings. */
  eventId: string | null
  /** Key of the stored request body, shared by every delivery of the same event. */
  payloadId: string
  event: string
  documentId: string | null
  status: DeliveryStatus
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  nextAttemptAt: string | null
  /** Set on a delivery created by redeliver: the delivery it repeats. */
  redeliveryOf: string | null
  createdAt: string
  updatedAt: string
}

/** One HTTP attempt of a delivery, as recorded. */
export interface Attempt {
  id: string
  deliveryId: string
  webhookId: string
  websiteId: string
  attempt: number
  startedAt: string
  durationMs: number
  statusCode: number | null
  error: string | null
  succeeded: boolean
  /** The delivery's status after this attempt: `pending` while a retry is queued. */
  statusAfter: DeliveryStatus
  nextAttemptAt: string | null
}

/** The attempt that decides a delivery's state: the highest number, the later of a repeat. */
export function latestAttempt(attempts: readonly Attempt[]): Attempt | undefined {
  let latest: Attempt | undefined
  for (const attempt of attempts) {
    if (
      !latest ||
      attempt.attempt > latest.attempt ||
      (attempt.attempt === latest.attempt && attempt.startedAt >= latest.startedAt)
    )
      latest = attempt
  }
  return latest
}

/** A delivery as `attempt` left it. */
export function afterAttempt(delivery: Delivery, attempt: Attempt): Delivery {
  return {
    ...delivery,
    status: attempt.statusAfter,
    attempts: attempt.attempt,
    lastStatusCode: attempt.statusCode,
    lastError: attempt.error,
    nextAttemptAt: attempt.nextAttemptAt,
    updatedAt: new Date(Date.parse(attempt.startedAt) + attempt.durationMs).toISOString(),
  }
}

/**
 * A delivery as its stored record and its latest attempt describe it. A record that no longer
 * says `pending` was closed without an attempt (its webhook or payload went away), and its
 * closing fields stand over any earlier attempt's.
 */
export function currentDelivery(record: Delivery, latest: Attempt | undefined): Delivery {
  // Attempts recorded before `statusAfter` existed: their record was updated in place then.
  if (latest?.statusAfter === undefined) return record
  const attempted = afterAttempt(record, latest)
  if (record.status === 'pending') return attempted
  const { status, lastError, nextAttemptAt, updatedAt } = record
  return { ...attempted, status, lastError, nextAttemptAt, updatedAt }
}

/** The delivery log entry of the contract. */
export interface DeliveryView {
  id: string
  event: string
  documentId: string | null
  status: DeliveryStatus
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  createdAt: string
  updatedAt: string
}

export interface AttemptView {
  attempt: number
  startedAt: string
  durationMs: number
  statusCode: number | null
  error: string | null
  succeeded: boolean
}

/** One delivery in detail: the log entry plus its schedule, origin and every attempt. */
export interface DeliveryDetailView extends DeliveryView {
  nextAttemptAt: string | null
  redeliveryOf: string | null
  attemptLog: AttemptView[]
}

export function toDeliveryView(delivery: Delivery): DeliveryView {
  return {
    id: delivery.id,
    event: delivery.event,
    documentId: delivery.documentId,
    status: delivery.status,
    attempts: delivery.attempts,
    lastStatusCode: delivery.lastStatusCode,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt,
    updatedAt: delivery.updatedAt,
  }
}

export function toDeliveryDetailView(
  delivery: Delivery,
  attempts: readonly Attempt[],
): DeliveryDetailView {
  return {
    ...toDeliveryView(delivery),
    nextAttemptAt: delivery.nextAttemptAt,
    redeliveryOf: delivery.redeliveryOf,
    attemptLog: attempts.map(
      ({ attempt, startedAt, durationMs, statusCode, error, succeeded }) => ({
        attempt,
        startedAt,
        durationMs,
        statusCode,
        error,
        succeeded,
      }),
    ),
  }
}
