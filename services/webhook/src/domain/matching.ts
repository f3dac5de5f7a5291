import type { EntryEventMessage, ReleaseEventMessage } from '@cms/events'
import type { Webhook } from './webhook.ts'

/** What matching reads of an event. */
type Matched =
  | Pick<EntryEventMessage, 'event' | 'contentType'>
  | Pick<ReleaseEventMessage, 'event' | 'documents'>

/** The content types an event is about: a release's are those of the documents it changed. */
const typesOf = (message: Matched): string[] =>
  'documents' in message
    ? message.documents.map((document) => document.type)
    : [message.contentType]

/** A webhook receives only its events, and only for its content types (all when null). */
export function webhookMatches(
  webhook: Pick<Webhook, 'events' | 'contentTypes'>,
  event: Matched,
): boolean {
  if (!webhook.events.includes(event.event)) return false
  const { contentTypes } = webhook
  return contentTypes === null || typesOf(event).some((type) => contentTypes.includes(type))
}
