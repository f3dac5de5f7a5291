import { connectAmqp, listenOnPrivateQueue } from '@cms/amqp'
import type { AmqpClient } from '@cms/amqp'
import { CONTENT_TYPE_CHANGED, EVENTS_EXCHANGE } from '@cms/events'
import type { ContentTypeChangedMessage } from '@cms/events'
import type { Logger } from '@cms/logger'

/**
 * The schema service's announcements that a website's type, component or locales changed, on a
 * queue of this instance's own; `onReconnected` runs after a reconnect, when some were missed.
 */
export function listenForTypeChanges(options: {
  url: string
  logger: Logger
  onChange: (websiteId: string) => void
  onReconnected: () => void
}): Promise<AmqpClient> {
  const { logger } = options
  return connectAmqp({
    url: options.url,
    logger,
    async topology(channel) {
      await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
    },
    async onConnect(model) {
      await listenOnPrivateQueue(model, {
        exchange: EVENTS_EXCHANGE,
        routingKeys: [CONTENT_TYPE_CHANGED],
        logger,
        what: 'type change',
        onMessage: (text) => {
          const { websiteId } = JSON.parse(text) as Partial<ContentTypeChangedMessage>
          if (typeof websiteId === 'string') options.onChange(websiteId)
        },
      })
      options.onReconnected()
    },
  })
}
