/** `data` of a document: field values keyed by field name. */
export type DocumentData = Record<string, unknown>

export type DocumentStatus = 'draft' | 'published'

export interface CmsDocument<Data = DocumentData> {
  id: string
  type: string
  slug: string
  status: DocumentStatus
  authorId: string
  publishedAt: string | null
  data: Data
  createdAt: string
  updatedAt: string
  version: number
  hasPendingDraft?: boolean
  scheduledPublishAt?: string | null
  scheduledUnpublishAt?: string | null
  /** Documents of localized types: the locale asked for, and the codes holding values. */
  locale?: string
  localesPresent?: string[]
  /** With `locale=*`: each locale's slug. */
  slugs?: Record<string, string>
}

export interface DocumentInput<Data = DocumentData> {
  type: string
  data: Data
  slug?: string
}

/** A PATCH: each key of `data` replaces that value, `null` removes it (JSON Merge Patch). */
export interface DocumentChange<Data = DocumentData> {
  data?: { [K in keyof Data]?: Data[K] | null }
  slug?: string
}

export const VERSION_REASONS = [
  'create',
  'update',
  'publish',
  'unpublish',
  'restore',
  'draft',
] as const
export type VersionReason = (typeof VERSION_REASONS)[number]

export interface DocumentVersion<Data = DocumentData> {
  id: string
  documentId: string
  version: number
  reason: VersionReason
  status: DocumentStatus
  slug: string
  data: Data
  publishedAt: string | null
  authorId: string
  createdAt: string
}

export interface ScheduleInput {
  action: 'publish' | 'unpublish'
  /** ISO 8601 with an offset, in the future. */
  at: string
}

export interface Schedule extends ScheduleInput {
  id: string
  documentId: string
  createdAt: string
}
