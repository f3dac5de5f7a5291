import type { Options } from 'amqplib'

/**
 * A durable quorum queue: replicated on the broker's nodes (a majority confirms each message),
 * and the only queue type that survives the loss of the node hosting it without losing
 * confirmed messages. A single-node broker runs them too (one replica).
 */
export function quorumQueue(args: Record<string, unknown> = {}): Options.AssertQueue {
  return { durable: true, arguments: { 'x-queue-type': 'quorum', ...args } }
}

/**
 * Dead-letter arguments for a quorum queue whose dead letters must not be lost (a TTL retry
 * chain): `at-least-once` keeps each dead letter until the target queue confirms it, where the
 * default (at most once) drops those expiring while a leader changes. The broker only allows it
 * with `x-overflow: reject-publish`. Its wait for a confirm is the broker setting
 * `dead_letter_worker_publisher_confirm_timeout` (docs/deployment.md).
 */
export function deadLetterTo(queue: string): Record<string, unknown> {
  return {
    'x-dead-letter-exchange': '',
    'x-dead-letter-routing-key': queue,
    'x-dead-letter-strategy': 'at-least-once',
    'x-overflow': 'reject-publish',
  }
}
