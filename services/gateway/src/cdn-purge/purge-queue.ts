import { connectAmqp, quorumQueue } from '@cms/amqp'
import type { AmqpClient } from '@cms/amqp'
import type { Channel } from 'amqplib'
import { CHANGED_TAGS_ROUTING_KEYS, changedTagsOf, EVENTS_EXCHANGE } from '@cms/events'
import type { Logger } from '@cms/logger'
import type { PurgeBatches } from './purge-batches.ts'

export interface PurgeQueue {
  client: AmqpClient
  /** Changes waiting in the queue, not yet taken by any instance; undefined while disconnected. */
  readyMessages(): Promise<number | undefined>
}

/**
 * The durable quorum queue of purge work, bound to the events exchange for every change that
 * affects cached answers. Every gateway instance with purgers consumes it; they compete, so
 * each change is purged once. Messages are acknowledged only once every purger took them: a
 * gateway that stops or loses its connection meanwhile leaves them to the broker, which hands
 * them out again. `prefetch` bounds the changes one instance holds (and batches) at once.
 */
export function consumePurgeQueue(options: {
  url: string
  queue: string
  prefetch: number
  batches: PurgeBatches
  logger: Logger
}): Promise<PurgeQueue> {
  const { logger, queue } = options
  let current: Channel | undefined
  const settle = (action: () => void) => {
    try {
      action()
    } catch (error) {
      // The channel is gone with its connection; the broker hands the message out again.
      logger.debug({ err: (error as Error).message }, 'purge message not acknowledged')
    }
  }
  return connectAmqp({
    url: options.url,
    logger,
    async topology(publisher) {
      await publisher.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
      await publisher.assertQueue(queue, quorumQueue())
      for (const key of CHANGED_TAGS_ROUTING_KEYS)
        await publisher.bindQueue(queue, EVENTS_EXCHANGE, key)
    },
    async onConnect(model) {
      const consumer = await model.createChannel()
      consumer.on('error', (error: Error) =>
        logger.warn({ err: error.message, queue }, 'purge consumer channel error'),
      )
      await consumer.prefetch(options.prefetch)
      consumer.on('close', () => {
        if (current === consumer) current = undefined
      })
      current = consumer
      await consumer.consume(
        queue,
        (message) => {
          // Cancelled by the broker (the queue was deleted): a new connection declares it again.
          if (!message) return void model.close().catch(() => undefined)
          const tags = changedTagsOf(
            message.fields.routingKey,
            message.content.toString('utf8'),
          )?.tags
          if (!tags) {
            logger.warn(
              { routingKey: message.fields.routingKey, queue },
              'unreadable purge message dropped',
            )
            return settle(() => consumer.ack(message))
          }
          options.batches.add({ tags, done: () => settle(() => consumer.ack(message)) })
        },
        { noAck: false },
      )
    },
  }).then((client) => ({
    client,
    async readyMessages() {
      if (!current) return undefined
      return (await current.checkQueue(queue)).messageCount
    },
  }))
}
