import type { AmqpClient } from '@cms/amqp'
import { encodeJob } from '../domain/delivery-job.ts'
import type { JobQueue } from '../domain/delivery-job.ts'
import type { QueueNames } from './topology.ts'

/** Jobs go through the default exchange straight to a queue, persistent and confirmed. */
export function createJobQueue(amqp: AmqpClient, names: QueueNames): JobQueue {
  const send = (queue: string, job: Parameters<JobQueue['enqueue']>[0]) =>
    amqp.publish('', queue, encodeJob(job), { persistent: true, contentType: 'application/json' })
  return {
    enqueue: (job) => send(names.deliveries, job),
    retryLater: (job, delayMs) => send(names.retry(delayMs), job),
    park: (job) => send(names.park, job),
  }
}
