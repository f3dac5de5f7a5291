// Derived from @cms/contract's schemas, with `data` typed by the caller (`cms types` writes its types).
import type {
  ContentCreateBody,
  ContentPatchBody,
  ScheduleCreateBody,
  Document,
  Schedule as ScheduleSchema,
  Version,
} from '@cms/contract'

/** `data` of a document: field values keyed by field name. */
export type DocumentData = Record<string, unknown>

export type DocumentStatus = Document['status']

/** A document as the API answers it, its `data` as `Data`. */
export type CmsDocument<Data = DocumentData> = Omit<Document, 'data'> & { data: Data }

export type DocumentInput<Data = DocumentData> = Omit<ContentCreateBody, 'data'> & { data: Data }

/** A PATCH: each key of `data` replaces that value, `null` removes it (JSON Merge Patch). */
export type DocumentChange<Data = DocumentData> = Omit<ContentPatchBody, 'data'> & {
  data?: { [K in keyof Data]?: Data[K] | null }
}

export type VersionReason = Version['reason']

export type DocumentVersion<Data = DocumentData> = Omit<Version, 'data'> & { data: Data }

export type ScheduleInput = ScheduleCreateBody

export type Schedule = ScheduleSchema
