import { ENTRY_EVENTS } from '@cms/events'
import type { EntryEventMessage, EntryEventName } from '@cms/events'
import type { BrokerChanges } from '../broker/broker-changes.ts'
import type { ChangeEntry } from './change-entry.ts'

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

/** Entry events heard from the broker tell the feeds whose log grew (docs/sync.md). */
export function announceChanges(
  changes: BrokerChanges,
  options: {
    onChange: (announcement: ChangeAnnouncement) => void
    onConnected: () => void
  },
): void {
  changes.listen({
    routingKeys: ENTRY_EVENTS,
    onMessage(text) {
      const announcement = announcementOf(text)
      if (announcement) options.onChange(announcement)
    },
    onConnected: options.onConnected,
  })
}
