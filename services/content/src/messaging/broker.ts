import {
  connectAmqp,
  declareWebhookEventsQueue,
  listenOnPrivateQueue,
  webhookEventsQueue,
} from '@cms/amqp'
import type { AmqpClient } from '@cms/amqp'
import { CONTENT_TYPE_CHANGED, EVENTS_EXCHANGE } from '@cms/events'
import type { ContentTypeChangedMessage } from '@cms/events'
import type { Logger } from '@cms/logger'

/**
 * The content service's broker connection: it declares the events exchange (the outbox relay
 * publishes there) and the webhook service's events queue, so that no entry event is confirmed
 * before that queue exists (the gateways' private queues would take it alone), and listens, on a
 * private queue, for content-type changes to drop cached types. It connects in the background;
 * until then publishing fails and the relay waits.
 */
export function connectBroker(options: {
  url: string
  logger: Logger
  /** `WEBHOOK_QUEUE_PREFIX` of the webhook service. */
  webhookQueuePrefix: string
  onContentTypeChanged: (websiteId: string) => void
  /** The connection can publish (at start and after every reconnect). */
  onReady?: () => void
}): Promise<AmqpClient> {
  const { logger } = options
  return connectAmqp({
    url: options.url,
    logger,
    ...(options.onReady && { onReady: options.onReady }),
    async topology(channel) {
      await declareWebhookEventsQueue(channel, webhookEventsQueue(options.webhookQueuePrefix))
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
