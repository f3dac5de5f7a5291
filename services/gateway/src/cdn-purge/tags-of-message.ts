import { tagsOfEntryEvent, tagsOfTypeChange } from '@cms/contract'
import { CACHE_PURGE, CONTENT_TYPE_CHANGED, ENTRY_EVENTS } from '@cms/events'
import type { EntryEventName } from '@cms/events'

/** Every routing key whose messages change cached answers. */
export const PURGED_ROUTING_KEYS: readonly string[] = [
  ...ENTRY_EVENTS,
  CONTENT_TYPE_CHANGED,
  CACHE_PURGE,
]

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''
/** A tag goes into space- and comma-separated headers, so it holds neither. */
const isTag = (value: unknown): value is string => isText(value) && !/[\s,]/.test(value)

/**
 * The cache tags a broker message affects, or undefined when it cannot be read (then it is
 * dropped: sending it again would never make it readable).
 */
export function tagsOfMessage(routingKey: string, body: string): string[] | undefined {
  let message: Record<string, unknown>
  try {
    message = JSON.parse(body) as Record<string, unknown>
  } catch {
    return undefined
  }
  if (typeof message !== 'object' || message === null || !isText(message.websiteId)) return
  const websiteId = message.websiteId
  if (ENTRY_EVENTS.includes(routingKey as EntryEventName)) {
    const document = message.document as { id?: unknown } | undefined
    if (!isText(message.contentType) || !isText(document?.id)) return
    return tagsOfEntryEvent({
      websiteId,
      contentType: message.contentType,
      document: { id: document.id },
    })
  }
  if (routingKey === CONTENT_TYPE_CHANGED) {
    if (typeof message.name !== 'string') return
    return tagsOfTypeChange({
      websiteId,
      name: message.name,
      ...(message.locales === true && { locales: true }),
      ...(message.component === true && { component: true }),
    })
  }
  if (routingKey === CACHE_PURGE) {
    const { tags } = message
    if (!Array.isArray(tags) || tags.length === 0 || !tags.every(isTag)) return
    return tags
  }
  return undefined
}
