import { ENTRY_EVENTS, tagsOfEntryEvent, tagsOfTypeChange } from '@cms/contract'
import type { EntryEventName } from '@cms/contract'
import { CACHE_PURGE, CONTENT_TYPE_CHANGED } from './routing-keys.ts'

/** Every routing key whose messages change cached answers. */
export const CHANGED_TAGS_ROUTING_KEYS: readonly string[] = [
  ...ENTRY_EVENTS,
  CONTENT_TYPE_CHANGED,
  CACHE_PURGE,
]

export interface ChangedTags {
  websiteId: string
  tags: string[]
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== ''
/** A tag goes into space- and comma-separated headers, so it holds neither. */
const isTag = (value: unknown): value is string => isText(value) && !/[\s,]/.test(value)

function tagsOf(routingKey: string, message: Record<string, unknown>, websiteId: string) {
  if (ENTRY_EVENTS.includes(routingKey as EntryEventName)) {
    // Every entry event, a pending draft's too: published answers show `hasPendingDraft`.
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
    const { version } = message
    return tagsOfTypeChange({
      websiteId,
      name: message.name,
      ...((typeof version === 'number' || version === null) && { version }),
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

/**
 * The website and cache tags a broker message says changed (the gateway's read cache and the CDN
 * purge queue both act on them), or undefined when it cannot be read: sending it again would
 * never make it readable.
 */
export function changedTagsOf(routingKey: string, body: string): ChangedTags | undefined {
  let message: unknown
  try {
    message = JSON.parse(body)
  } catch {
    return undefined
  }
  if (typeof message !== 'object' || message === null) return undefined
  const record = message as Record<string, unknown>
  if (!isText(record.websiteId)) return undefined
  const tags = tagsOf(routingKey, record, record.websiteId)
  return tags && { websiteId: record.websiteId, tags }
}
