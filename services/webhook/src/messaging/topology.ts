import type { Channel } from 'amqplib'
import { EVENTS_EXCHANGE } from '@cms/events'

/** How long a job waits when its target host is saturated (not an attempt). */
export const PARK_DELAY_MS = 2000

export interface QueueNames {
  /** Bound to the events exchange for `entry.*`: one message per entry event. */
  events: string
  /** The work queue of delivery jobs (first attempts, and retries once their delay is over). */
  deliveries: string
  /** One TTL queue per retry delay; expired jobs dead-letter back into `deliveries`. */
  retry(delayMs: number): string
  park: string
  /** Messages that cannot be read at all, kept for an operator. */
  dead: string
}

export function queueNames(prefix: string): QueueNames {
  return {
    events: `${prefix}.events`,
    deliveries: `${prefix}.deliveries`,
    retry: (delayMs) => `${prefix}.retry.${delayMs}ms`,
    park: `${prefix}.park.${PARK_DELAY_MS}ms`,
    dead: `${prefix}.dead`,
  }
}

/**
 * Declared on every (re)connect. The delay lives in each queue's `x-message-ttl` (not per
 * message), so the head of a queue always expires first and no broker plugin is needed.
 */
export async function declareTopology(
  channel: Channel,
  names: QueueNames,
  retryDelaysMs: readonly number[],
): Promise<void> {
  const toDead = { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.dead }
  await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
  await channel.assertQueue(names.dead, { durable: true })
  await channel.assertQueue(names.events, { durable: true, arguments: toDead })
  await channel.bindQueue(names.events, EVENTS_EXCHANGE, 'entry.*')
  await channel.assertQueue(names.deliveries, { durable: true, arguments: toDead })
  const backToWork = { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': names.deliveries }
  const delayed = [...new Set(retryDelaysMs)].map(
    (delayMs) => [names.retry(delayMs), delayMs] as const,
  )
  for (const [name, delayMs] of [...delayed, [names.park, PARK_DELAY_MS] as const]) {
    await channel.assertQueue(name, {
      durable: true,
      arguments: { ...backToWork, 'x-message-ttl': delayMs },
    })
  }
}
