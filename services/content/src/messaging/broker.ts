import { connectAmqp } from '@cms/amqp'
import type { AmqpClient } from '@cms/amqp'
import { CONTENT_TYPE_CHANGED, EVENTS_EXCHANGE } from '@cms/events'
import type { ContentTypeChangedMessage } from '@cms/events'
import type { Logger } from '@cms/logger'

/**
 * The content service's broker connection: it declares the events exchange (the outbox relay
 * publishes there) and listens, on a private queue, for content-type changes to drop cached types.
 * It connects in the background; until then publishing fails and the relay waits.
 */
export function connectBroker(options: {
  url: string
  logger: Logger
  onContentTypeChanged: (websiteId: string) => void
}): Promise<AmqpClient> {
  const { logger } = options
  return connectAmqp({
    url: options.url,
    logger,
    async topology(channel) {
      await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
    },
    async onConnect(model) {
      const channel = await model.createChannel()
      const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true })
      await channel.bindQueue(queue, EVENTS_EXCHANGE, CONTENT_TYPE_CHANGED)
      await channel.consume(
        queue,
        (message) => {
          if (!message) return
          try {
            const change = JSON.parse(
              message.content.toString('utf8'),
            ) as Partial<ContentTypeChangedMessage>
            if (typeof change.websiteId === 'string') options.onContentTypeChanged(change.websiteId)
          } catch (error) {
            logger.warn({ err: error }, 'ignoring a malformed content-type change message')
          }
        },
        { noAck: true },
      )
    },
  })
}
