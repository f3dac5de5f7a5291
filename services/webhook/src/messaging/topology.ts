import type { Channel } from 'amqplib'
import {
  deadLetterTo,
  declareWebhookEventsQueue,
  quorumQueue,
  WEBHOOK_EVENTS_ROUTING_KEY,
  webhookQueueBase,
} from '@cms/amqp'
import { EVENTS_EXCHANGE } from '@cms/events'

/**
 * `classic` exists only to measure what quorum queues cost (bench/fanout-queues.ts): classic
 * queues lose confirmed jobs when the node hosting them dies (docs/deployment.md).
 */
export const QUEUE_TYPES = ['quorum', 'classic'] as const
export type QueueType = (typeof QUEUE_TYPES)[number]

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

/**
 * The queues are quorum queues under names of their own (`<prefix>.q.*`): a queue's type is
 * fixed when it is created, and declaring an existing classic queue as quorum is refused (406,
 * which also closes the channel). `classicQueueNames` are the names the classic queues of
 * earlier versions had; `migrateClassicQueues` drains them into these.
 */
export function queueNames(prefix: string, type: QueueType = 'quorum'): QueueNames {
  return namesUnder(type === 'quorum' ? webhookQueueBase(prefix) : `${prefix}.classic`)
}

/** The queue names of versions before the quorum queues (classic queues), for the migration. */
export function classicQueueNames(prefix: string): QueueNames {
  return namesUnder(prefix)
}

function namesUnder(base: string): QueueNames {
  return {
    events: `${base}.events`,
    deliveries: `${base}.deliveries`,
    retry: (delayMs) => `${base}.retry.${delayMs}ms`,
    park: `${base}.park.${PARK_DELAY_MS}ms`,
    dead: `${base}.dead`,
  }
}

/** A durable classic queue: the at-least-once dead-letter arguments are quorum-only. */
function classicQueue(args: Record<string, unknown>) {
  const { 'x-dead-letter-strategy': _strategy, 'x-overflow': _overflow, ...classic } = args
  return { durable: true, arguments: classic }
}

/** Every queue of the topology, each with its retry delay where it has one. */
export function allQueues(
  names: QueueNames,
  retryDelaysMs: readonly number[],
): { name: string; delayMs?: number }[] {
  return [
    { name: names.dead },
    { name: names.events },
    { name: names.deliveries },
    ...[...new Set(retryDelaysMs)].map((delayMs) => ({ name: names.retry(delayMs), delayMs })),
    { name: names.park, delayMs: PARK_DELAY_MS },
  ]
}

/**
 * Declared on every (re)connect. All quorum queues: a confirmed job survives the loss of the
 * node leading its queue. The delay lives in each queue's `x-message-ttl` (not per message), so
 * the head of a queue always expires first and no broker plugin is needed; expired jobs
 * dead-letter at least once back to `deliveries` (at most once would drop those expiring while
 * the queue changes leader).
 */
export async function declareTopology(
  channel: Channel,
  names: QueueNames,
  retryDelaysMs: readonly number[],
  type: QueueType = 'quorum',
): Promise<void> {
  // The events queue and its dead letters exactly as the content service declares them too.
  const shared = type === 'quorum' ? [names.events, names.dead] : []
  if (type === 'quorum') await declareWebhookEventsQueue(channel, names)
  else await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
  for (const { name, delayMs } of allQueues(names, retryDelaysMs)) {
    if (shared.includes(name)) continue
    const target =
      name === names.dead ? undefined : delayMs === undefined ? names.dead : names.deliveries
    const ttl = delayMs === undefined ? {} : { 'x-message-ttl': delayMs }
    const args = target === undefined ? {} : { ...deadLetterTo(target), ...ttl }
    await channel.assertQueue(name, type === 'quorum' ? quorumQueue(args) : classicQueue(args))
  }
  if (type === 'classic')
    await channel.bindQueue(names.events, EVENTS_EXCHANGE, WEBHOOK_EVENTS_ROUTING_KEY)
}
