import { connectAmqp, listenOnPrivateQueue } from '@cms/amqp'
import type { AmqpClient } from '@cms/amqp'
import { ENTRY_EVENTS, EVENTS_EXCHANGE } from '@cms/events'
import type { EntryEventMessage, EntryEventName } from '@cms/events'
import type { ChangeEntry } from './change-entry.ts'
import type { Logger } from '@cms/logger'

/** What a change announcement tells this instance: whose log grew, and to which seq. */
export interface ChangeAnnouncement {
  websiteId: string
  seq?: number
  /** The log's entry the event stands for, as a read of the log would answer it. */
  entry?: ChangeEntry
}

/** The entry of an event that carries its seq: the event is built from the committed state. */
function entryOf(message: Partial<EntryEventMessage>, seq: number): ChangeEntry | undefined {
  const { document, event, contentType } = message
  if (!document || typeof document.id !== 'string' || typeof contentType !== 'string') return
  if (!ENTRY_EVENTS.includes(event as EntryEventName)) return
  return {
    seq,
    documentId: document.id,
    type: contentType,
    event: event as EntryEventName,
    published: document.status === 'published',
    ...(event === 'entry.delete' && { deleted: true }),
    ...(message.draft === true && { draft: true }),
  }
}

function announcementOf(content: string): ChangeAnnouncement | undefined {
  const message = JSON.parse(content) as Partial<EntryEventMessage>
  if (typeof message.websiteId !== 'string') return undefined
  const { seq } = message
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq)) return { websiteId: message.websiteId }
  const entry = entryOf(message, seq)
  return { websiteId: message.websiteId, seq, ...(entry && { entry }) }
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
      await listenOnPrivateQueue(model, {
        exchange: EVENTS_EXCHANGE,
        routingKeys: ENTRY_EVENTS,
        logger,
        what: 'entry event',
        onMessage: (text) => {
          const announcement = announcementOf(text)
          if (announcement) options.onChange(announcement)
        },
      })
      options.onConnected()
    },
  })
}
