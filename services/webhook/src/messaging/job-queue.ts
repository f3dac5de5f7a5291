import { randomUUID } from 'node:crypto'
import { publishKept } from '@cms/amqp'
import type { AmqpClient, KeepTrying } from '@cms/amqp'
import { traceHeaders } from '@cms/trace'
import { encodeJob } from '../domain/delivery-job.ts'
import type { JobQueue } from '../domain/delivery-job.ts'
import type { QueueNames } from './topology.ts'

/**
 * Jobs go through the default exchange straight to a queue, persistent, `mandatory` and
 * confirmed: a job the broker returns or nacks is published again, and if it still cannot be
 * placed the promise rejects, so the consumer requeues the message it came from (the event, or
 * the job whose retry this is) instead of acknowledging it. A job is never dropped silently.
 * Each job carries the `traceparent` of the work that queued it (message headers).
 */
export function createJobQueue(
  amqp: AmqpClient,
  names: QueueNames,
  options: { newId?: () => string; retry?: KeepTrying } = {},
): JobQueue {
  const newId = options.newId ?? randomUUID
  const send = (queue: string, job: Parameters<JobQueue['enqueue']>[0]) =>
    publishKept(
      amqp,
      { exchange: '', routingKey: queue },
      encodeJob(job),
      // The trace of the event (or job) being handled: its deliveries' attempts carry it on.
      { contentType: 'application/json', headers: traceHeaders(), newId },
      options.retry,
    )
  return {
    enqueue: (job) => send(names.deliveries, job),
    retryLater: (job, delayMs) => send(names.retry(delayMs), job),
    park: (job) => send(names.park, job),
  }
}
