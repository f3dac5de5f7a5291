/** A broker message asking for attempt `attempt` (1-based) of one delivery. */
export interface DeliveryJob {
  deliveryId: string
  attempt: number
  /** The target's host when queued (kept for jobs queued by earlier versions). */
  host?: string
  /** The website when queued: a website past its share parks the job before any database read. */
  websiteId?: string
  /** How often the job was parked in a row: the first park is short, later ones longer. */
  parked?: number
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
    JSON.stringify({
      deliveryId: job.deliveryId,
      attempt: job.attempt,
      host: job.host,
      websiteId: job.websiteId,
      parked: job.parked,
    }),
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
    return {
      deliveryId: value.deliveryId,
      attempt: value.attempt as number,
      ...(typeof value.host === 'string' && { host: value.host }),
      ...(typeof value.websiteId === 'string' && { websiteId: value.websiteId }),
      ...(Number.isInteger(value.parked) && { parked: value.parked as number }),
    }
  } catch {
    return undefined
  }
}
