import type { Channel } from 'amqplib'
import { EVENTS_EXCHANGE } from '@cms/events'
import { deadLetterTo, quorumQueue } from './quorum-queue.ts'

/** The entry events the webhook service consumes. */
export const WEBHOOK_EVENTS_ROUTING_KEY = 'entry.*'
/** The release events it consumes too (docs/releases.md). */
export const RELEASE_EVENTS_ROUTING_KEY = 'release.*'

/** The webhook service's quorum queue names start with this (`<prefix>.q.*`). */
export const webhookQueueBase = (prefix: string): string => `${prefix}.q`

/** The webhook events queue and the queue it dead-letters what cannot be read to. */
export interface WebhookEventsQueue {
  events: string
  dead: string
}

/** The names under the webhook service's `WEBHOOK_QUEUE_PREFIX`. */
export function webhookEventsQueue(prefix: string): WebhookEventsQueue {
  const base = webhookQueueBase(prefix)
  return { events: `${base}.events`, dead: `${base}.dead` }
}

/**
 * Declares the webhook service's events queue, bound to the events exchange, with its dead-letter
 * queue (docs/webhooks.md, "Queues"). Both the webhook service and the content service (whose
 * outbox relay publishes entry events `mandatory`) declare it on every connect: with the gateways'
 * private queues also bound to entry events, a mandatory publish is confirmed as soon as any queue
 * takes it, so the webhook queue must exist before the first event, whichever service starts
 * first. One declaration, because RabbitMQ refuses (406) a queue declared again with other
 * arguments.
 */
export async function declareWebhookEventsQueue(
  channel: Channel,
  { events, dead }: WebhookEventsQueue,
): Promise<void> {
  await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
  await channel.assertQueue(dead, quorumQueue())
  await channel.assertQueue(events, quorumQueue(deadLetterTo(dead)))
  await channel.bindQueue(events, EVENTS_EXCHANGE, WEBHOOK_EVENTS_ROUTING_KEY)
  await channel.bindQueue(events, EVENTS_EXCHANGE, RELEASE_EVENTS_ROUTING_KEY)
}
