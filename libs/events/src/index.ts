export { CACHE_PURGE, CONTENT_TYPE_CHANGED, EVENTS_EXCHANGE } from './routing-keys.ts'
import type { EntryEventName } from '@cms/contract'

export { ENTRY_EVENTS, RELEASE_EVENTS, WEBHOOK_EVENTS } from '@cms/contract'
export type { EntryEventName, WebhookEventName } from '@cms/contract'

/** The message body of an entry event, as the content service's outbox relays it. */
export interface EntryEventMessage {
  /** Unique per event; the outbox relays at least once, so consumers deduplicate on it. */
  eventId: string
  event: EntryEventName
  timestamp: string
  websiteId: string
  contentType: string
  document: Record<string, unknown> & { id: string }
  /** On `entry.update` of a pending draft saved or discarded (the document shows the draft). */
  draft?: true
  /** The locale the write named (`?locale=`); the document's `data` is keyed by locale. */
  locale?: string
  /** The change's place in its website's change log (docs/sync.md). */
  seq?: number
}

/** The message body of `release.publish` (docs/releases.md), beside its entries' own events. */
export interface ReleaseEventMessage {
  /** Unique per event; sent at least once, so consumers deduplicate on it. */
  eventId: string
  event: 'release.publish'
  timestamp: string
  websiteId: string
  release: { id: string; name: string }
  documents: Array<{
    id: string
    type: string
    action: 'publish' | 'unpublish'
    /** The document's version after the release's change. */
    version: number
  }>
}

/** What the webhook service fans out. */
export type WebhookEventMessage = EntryEventMessage | ReleaseEventMessage

export interface ContentTypeChangedMessage {
  websiteId: string
  /** The type's name; empty when the website's locales changed (`locales: true`). */
  name: string
  /** Null when the type was deleted. */
  version: number | null
  timestamp: string
  locales?: true
  /** `name` is a component: every type using it changed with it. */
  component?: true
}

export interface CachePurgeMessage {
  websiteId: string
  /** Cache tags of `@cms/contract`'s `cacheTags`. */
  tags: string[]
  timestamp: string
}

export { announceCachePurge } from './cache-purge.ts'
export type { PurgePublisher } from './cache-purge.ts'
export { CHANGED_TAGS_ROUTING_KEYS, changedTagsOf } from './changed-tags.ts'
export type { ChangedTags } from './changed-tags.ts'
