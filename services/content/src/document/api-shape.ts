import { ALL_DERIVED_MEMBERS } from '../query/base-columns.ts'
import type { DerivedMembers } from '../query/base-columns.ts'
import type {
  ApiDocument,
  DocumentData,
  DocumentState,
  StoredDocument,
  StoredVersion,
  VersionReason,
} from './document.ts'

const iso = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value)

const API_MEMBERS = [
  'type',
  'slug',
  'status',
  'authorId',
  'publishedAt',
  'data',
  'createdAt',
  'updatedAt',
  'version',
  'locale',
  'localesPresent',
  'slugs',
] as const

/**
 * A stored document, whole or projected, in the API's shape: `id` always, every stored member
 * only when the record has it, the computed ones in `derived` (all of them for a whole record;
 * `fields` narrows them as it narrows the projection), dates as ISO strings. Storage-only
 * fields never leave.
 */
export function toApiDocument(
  stored: Partial<StoredDocument> & { _id: string; locale?: string },
  derived: DerivedMembers = ALL_DERIVED_MEMBERS,
): Partial<ApiDocument> & { id: string } {
  const api: Record<string, unknown> = { id: stored._id }
  const members = stored as Record<string, unknown>
  for (const member of API_MEMBERS) {
    if (members[member] !== undefined) api[member] = iso(members[member])
  }
  if (derived.has('hasPendingDraft')) api.hasPendingDraft = stored.pendingDraft !== undefined
  if (derived.has('scheduledPublishAt'))
    api.scheduledPublishAt = iso(stored.schedule?.publishAt ?? null)
  if (derived.has('scheduledUnpublishAt'))
    api.scheduledUnpublishAt = iso(stored.schedule?.unpublishAt ?? null)
  return api as Partial<ApiDocument> & { id: string }
}

export function toFullApiDocument(stored: StoredDocument): ApiDocument {
  return toApiDocument(stored) as ApiDocument
}

export const stateToStored = (documentId: string, state: DocumentState): StoredDocument => ({
  _id: documentId,
  ...state,
})

export interface ApiVersion {
  id: string
  documentId: string
  version: number
  reason: VersionReason
  status: string
  slug: string
  data: Record<string, unknown>
  publishedAt: string | null
  authorId: string
  createdAt: string
}

/** What a version's author saw: a `draft` version's pending draft, else the live data. */
export const versionData = (record: StoredVersion): Record<string, unknown> =>
  record.reason === 'draft' && record.state.pendingDraft
    ? record.state.pendingDraft.data
    : record.state.data

/** The other locales' values beside `versionData`. */
export const versionLocales = (record: StoredVersion): Record<string, DocumentData> | undefined =>
  record.reason === 'draft' && record.state.pendingDraft
    ? record.state.pendingDraft.locales
    : record.state.locales

export function toApiVersion(record: StoredVersion): ApiVersion {
  return {
    id: record._id,
    documentId: record.documentId,
    version: record.version,
    reason: record.reason as VersionReason,
    status: record.state.status,
    slug: record.state.slug,
    data: versionData(record),
    publishedAt: record.state.publishedAt?.toISOString() ?? null,
    authorId: record.changedBy,
    createdAt: record.createdAt.toISOString(),
  }
}
