import { createHash } from 'node:crypto'

/**
 * The id of the delivery of one event to one webhook, derived from both (a UUID, version 8), so
 * a redelivered event message finds the delivery it already made instead of making another.
 */
export function deliveryIdFor(eventId: string, webhookId: string): string {
  const bytes = createHash('sha256').update(`${eventId}\u0000${webhookId}`).digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x80
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The id of attempt `attempt` of a delivery: a job run twice (a duplicate from the broker, two
 * instances) records its attempt once.
 */
export function attemptIdFor(deliveryId: string, attempt: number): string {
  return `${deliveryId}:${attempt}`
}
