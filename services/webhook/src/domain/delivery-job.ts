/** A broker message asking for attempt `attempt` (1-based) of one delivery. */
export interface DeliveryJob {
  deliveryId: string
  attempt: number
  /** The target's host when queued: a saturated host parks the job before any database read. */
  host?: string
}

/** Where delivery jobs go; every method resolves once the broker has confirmed the message. */
export interface JobQueue {
  /** Into the work queue now. */
  enqueue(job: DeliveryJob): Promise<void>
  /** Into the work queue after `delayMs` (a TTL queue that dead-letters back). */
  retryLater(job: DeliveryJob, delayMs: number): Promise<void>
  /** Put aside briefly because its target host is saturated; not an attempt. */
  park(job: DeliveryJob): Promise<void>
}

export function encodeJob(job: DeliveryJob): Buffer {
  return Buffer.from(
    JSON.stringify({ deliveryId: job.deliveryId, attempt: job.attempt, host: job.host }),
  )
}

export function decodeJob(raw: Buffer): DeliveryJob | undefined {
  try {
    const value = JSON.parse(raw.toString('utf8')) as Partial<DeliveryJob>
    if (
      typeof value.deliveryId !== 'string' ||
      !Number.isInteger(value.attempt) ||
      (value.attempt as number) < 1
    ) {
      return undefined
    }
    const job: DeliveryJob = { deliveryId: value.deliveryId, attempt: value.attempt as number }
    return typeof value.host === 'string' ? { ...job, host: value.host } : job
  } catch {
    return undefined
  }
}
