import type { EntryEventName } from '@cms/events'
import type { Webhook } from './webhook.ts'

/** A webhook receives only its events, and only for its content types (all when null). */
export function webhookMatches(
  webhook: Pick<Webhook, 'events' | 'contentTypes'>,
  event: { event: EntryEventName; contentType: string },
): boolean {
  if (!webhook.events.includes(event.event)) return false
  return webhook.contentTypes === null || webhook.contentTypes.includes(event.contentType)
}
