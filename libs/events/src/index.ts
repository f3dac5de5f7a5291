import type { EntryEventName } from '@cms/contract'

/** What the services say to each other over RabbitMQ: one topic exchange, routing key = event name. */
export const EVENTS_EXCHANGE = 'cms.events'

export { ENTRY_EVENTS } from '@cms/contract'
export type { EntryEventName } from '@cms/contract'

/** Routing key of the schema service's announcement that a content type changed or was deleted. */
export const CONTENT_TYPE_CHANGED = 'schema.content-type.changed'

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

/**
 * Routing key of a change whose cached answers must go but that is no entry event or type
 * change (a media file changed or deleted, a website deleted): the tags it affects, which the
 * gateway's CDN purge queue sends on to the configured purgers (docs/cdn.md, "Purges").
 */
export const CACHE_PURGE = 'cache.purge'

export interface CachePurgeMessage {
  websiteId: string
  /** Cache tags of `@cms/contract`'s `cacheTags`. */
  tags: string[]
  timestamp: string
}

export { announceCachePurge } from './cache-purge.ts'
export type { PurgePublisher } from './cache-purge.ts'
