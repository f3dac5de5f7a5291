import type { EntryEventMessage, EntryEventName } from '@cms/events'
import { stateToStored, toFullApiDocument } from './api-shape.ts'
import { draftView } from './document.ts'
import type { ChangeReason, StoredVersion } from './document.ts'
import { keyedByLocale } from './localized-content.ts'
import type { TypeLocales } from './localized-content.ts'

export const EVENT_OF_REASON: Readonly<Record<ChangeReason, EntryEventName>> = {
  create: 'entry.create',
  update: 'entry.update',
  publish: 'entry.publish',
  unpublish: 'entry.unpublish',
  restore: 'entry.update',
  draft: 'entry.update',
  delete: 'entry.delete',
}

/** What an event of a localized document needs to show `data` keyed by locale. */
export interface EventLocale {
  /** The locale the write named, if any. */
  asked?: string
  defaultCode: string
  /** The type's localized fields at the time of the write. */
  fields: string[]
}

/** What an event records to show `data` keyed by locale. */
export const eventLocaleOf = (at: TypeLocales, asked: string | undefined): EventLocale => ({
  ...(asked === undefined ? {} : { asked }),
  defaultCode: at.defaultCode,
  fields: [...at.names],
})

/**
 * The entry event of a committed version, as published and as webhooks receive it: the full
 * API-shape document (a `draft` version's shows the pending draft and says `draft: true`; a
 * localized document's `data` is keyed by locale). Built once, when the change is committed.
 */
export function entryEventOf(record: StoredVersion, locale?: EventLocale): EntryEventMessage {
  const stored = stateToStored(record.documentId, record.state)
  const draft = record.reason === 'draft'
  const shown = draft ? draftView(stored) : stored
  return {
    eventId: record.event.eventId,
    event: record.event.name,
    timestamp: record.event.timestamp.toISOString(),
    websiteId: record.websiteId,
    contentType: record.state.type,
    ...(locale?.asked ? { locale: locale.asked } : {}),
    document: {
      ...toFullApiDocument(shown),
      ...(locale ? { data: keyedByLocale(shown, locale.fields, locale.defaultCode) } : {}),
    },
    ...(draft ? { draft: true as const } : {}),
  }
}
