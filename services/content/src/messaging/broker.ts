import { connectAmqp, listenOnPrivateQueue } from '@cms/amqp'
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
    onConnect: (model) =>
      listenOnPrivateQueue(model, {
        exchange: EVENTS_EXCHANGE,
        routingKeys: [CONTENT_TYPE_CHANGED],
        logger,
        what: 'content-type change message',
        onMessage: (text) => {
          const change = JSON.parse(text) as Partial<ContentTypeChangedMessage>
          if (typeof change.websiteId === 'string') options.onContentTypeChanged(change.websiteId)
        },
      }),
  })
}
