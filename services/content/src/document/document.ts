import { DOCUMENT_STATUSES, VERSION_REASONS } from '@cms/contract'
import type { EntryEventName } from '@cms/events'
import type { UniqueValue } from './unique-values.ts'

/** The API's lists (@cms/contract), which the stored documents and versions use as they are. */
export { DOCUMENT_STATUSES, VERSION_REASONS }
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

export type DocumentData = Record<string, unknown>

/** A document as stored in `documents` (the query module builds filters on these paths). */
export interface StoredDocument {
  _id: string
  websiteId: string
  type: string
  slug: string
  status: DocumentStatus
  authorId: string
  publishedAt: Date | null
  createdAt: Date
  updatedAt: Date
  version: number
  data: DocumentData
  /**
   * Every id the document's relation fields hold, for the reverse lookups (referenced-by, the
   * delete check) one multikey index serves; absent on documents without relations.
   */
  refs?: string[]
  /**
   * The values of its `unique` fields it holds a claim on, live or in a pending draft
   * (`unique-values.ts`); absent when none.
   */
  uniques?: UniqueValue[]
  /**
   * In a localized type: each non-default locale's values of localized fields (the default
   * locale's are in `data`, beside the shared fields; docs/content.md, "Locales").
   */
  locales?: Record<string, DocumentData>
  /** The codes with at least one localized value (what `?force` locale removal looks for). */
  localesPresent?: string[]
  /** Each non-default locale's slug (the default locale's is `slug`). */
  slugs?: Record<string, string>
  /**
   * Changes saved with `PATCH ?draft=true` over a published document: reads without draft
   * access keep the live `data`; publish makes this the live data, discard drops it.
   */
  pendingDraft?: PendingDraft
  /**
   * The write key (`writeKeyOf`) of the request that made this version, when it carried an
   * `Idempotency-Key`: its retry is answered with the document instead of being made again.
   */
  writeKey?: string
  /**
   * When a pending schedule will publish or unpublish the document. Kept beside the versioned
   * state: no version records it, and applying a version leaves it as it is.
   */
  schedule?: DocumentSchedule
}

export interface DocumentSchedule {
  publishAt?: Date
  unpublishAt?: Date
}

export interface PendingDraft {
  data: DocumentData
  locales?: Record<string, DocumentData>
  updatedAt: Date
}

/** The document's state without its id, as a version record keeps it. */
export type DocumentState = Omit<StoredDocument, '_id' | 'schedule'>

/** What the API returns for a document. */
export interface ApiDocument {
  id: string
  type: string
  slug: string
  status: DocumentStatus
  authorId: string
  publishedAt: string | null
  data: DocumentData
  createdAt: string
  updatedAt: string
  version: number
  /** A pending draft waits beside the published state (`PATCH ?draft=true`). */
  hasPendingDraft: boolean
  scheduledPublishAt: string | null
  scheduledUnpublishAt: string | null
  /** Documents of localized types: the locale shown, and the codes that have values. */
  locale?: string
  localesPresent?: string[]
  /** `locale=*`: every locale's slug. */
  slugs?: Record<string, string>
}

export type VersionReason = (typeof VERSION_REASONS)[number]
/** `delete` marks the tombstone that carries the delete event until the relay has sent it. */
export type ChangeReason = VersionReason | 'delete'

/** The document as someone with draft access sees it: its pending draft's data, if any. */
export function draftView<Document extends Partial<StoredDocument>>(document: Document): Document {
  const { pendingDraft, locales: _live, ...rest } = document
  if (!pendingDraft) return document
  return {
    ...rest,
    data: pendingDraft.data,
    ...(pendingDraft.locales ? { locales: pendingDraft.locales } : {}),
    pendingDraft,
  } as Document
}

/** The state without a pending draft (publish, discard, a live change that discards it). */
export function withoutPendingDraft<State extends { pendingDraft?: PendingDraft }>(
  state: State,
): State {
  const { pendingDraft: _dropped, ...rest } = state
  return rest as State
}

/**
 * One record per change in `versions`, keyed `<documentId>:<version>`: inserting it is the
 * change's commit point (a duplicate key is the lost race), and it carries the change's event,
 * unsent while an outbox pointer keyed by its event id exists.
 */
export interface StoredVersion {
  _id: string
  documentId: string
  websiteId: string
  version: number
  reason: ChangeReason
  /** The key that made this change (the document's `authorId` stays its creator). */
  changedBy: string
  state: DocumentState
  event: { eventId: string; name: EntryEventName; timestamp: Date }
  createdAt: Date
}

/** A slug within (website, type[, locale]): what the `slugs` registry keys a claim by. */
export interface SlugScope {
  websiteId: string
  type: string
  slug: string
  /** A non-default locale's slug; unique within (website, type, locale). */
  locale?: string
}

/** Every slug a document holds: the default locale's, then one per other locale. */
export function slugScopesOf(
  state: Pick<DocumentState, 'websiteId' | 'type' | 'slug' | 'slugs'>,
): SlugScope[] {
  const scope = { websiteId: state.websiteId, type: state.type }
  return [
    { ...scope, slug: state.slug },
    ...Object.entries(state.slugs ?? {}).map(([locale, slug]) => ({ ...scope, slug, locale })),
  ]
}

/** The slug a document holds in `locale` (undefined: the default locale's). */
export const slugOf = (
  document: Pick<StoredDocument, 'slug' | 'slugs'>,
  locale: string | undefined,
): string | undefined => (locale === undefined ? document.slug : document.slugs?.[locale])
