import { connectAmqp } from '@cms/amqp'
import type { AmqpClient } from '@cms/amqp'
import { ENTRY_EVENTS, EVENTS_EXCHANGE } from '@cms/events'
import type { EntryEventMessage } from '@cms/events'
import type { Logger } from '@cms/logger'

/** What a change announcement tells this instance: whose log grew, and to which seq. */
export interface ChangeAnnouncement {
  websiteId: string
  seq?: number
}

function announcementOf(content: string): ChangeAnnouncement | undefined {
  const message = JSON.parse(content) as Partial<EntryEventMessage>
  if (typeof message.websiteId !== 'string') return undefined
  const { seq } = message
  return {
    websiteId: message.websiteId,
    ...(typeof seq === 'number' && Number.isSafeInteger(seq) && { seq }),
  }
}

/**
 * Every website's entry events, on a queue of this instance's own (exclusive, deleted with its
 * connection), so that each gateway instance hears every change whichever instance a stream is
 * open on. `onConnected` runs after every (re)connect: what was published meanwhile was missed.
 */
export function listenForChanges(options: {
  url: string
  logger: Logger
  onChange: (announcement: ChangeAnnouncement) => void
  onConnected: () => void
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
      for (const event of ENTRY_EVENTS) await channel.bindQueue(queue, EVENTS_EXCHANGE, event)
      await channel.consume(
        queue,
        (message) => {
          if (!message) return
          try {
            const announcement = announcementOf(message.content.toString('utf8'))
            if (announcement) options.onChange(announcement)
          } catch (error) {
            logger.warn({ err: error }, 'ignoring a malformed entry event')
          }
        },
        { noAck: true },
      )
      options.onConnected()
    },
  })
}
