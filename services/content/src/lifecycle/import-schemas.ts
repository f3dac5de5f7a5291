import { Type } from '@sinclair/typebox'
import {
  AnyDocumentData,
  ContentCreateBody,
  DOCUMENT_STATUSES,
  MediaPatchBody,
  Nullable,
  SCHEDULE_ACTIONS,
  StringEnum,
  Uuid,
  VERSION_REASONS,
} from '@cms/contract'
import { ENTRY_EVENTS } from '@cms/events'
import { StoredBinary, StoredDate, StoredObjectId, StoredRecord } from '@cms/website-data'
import type { RecordProblem } from '@cms/website-data'

/**
 * The content service's records as an export line holds them (relaxed Extended JSON, without
 * the website's id): what an import accepts (docs/lifecycle.md, "Import"). Members are those
 * the store writes (domain/document.ts, schedules/schedule.ts, media/media-types.ts), with the
 * API's rules for the values a client sends.
 */
const KeyId = Type.String({ minLength: 1, maxLength: 200 })
const TypeName = ContentCreateBody.properties.type
const Text = Type.String({ maxLength: 2000 })

/** A value of a `unique` field a document holds (document/unique-values.ts). */
const uniqueValueMembers = {
  field: Type.String({ minLength: 1, maxLength: 64 }),
  locale: Type.Optional(Type.String({ minLength: 1, maxLength: 35 })),
  digest: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
}

/** What a version records of its document: the stored document less its id and schedule. */
const stateMembers = {
  type: TypeName,
  slug: Type.String({ maxLength: 200 }),
  status: StringEnum(DOCUMENT_STATUSES),
  authorId: KeyId,
  publishedAt: Nullable(StoredDate),
  createdAt: StoredDate,
  updatedAt: StoredDate,
  version: Type.Integer({ minimum: 1 }),
  data: AnyDocumentData,
  refs: Type.Optional(Type.Array(Type.String())),
  uniques: Type.Optional(Type.Array(StoredRecord(uniqueValueMembers))),
  locales: Type.Optional(Type.Record(Type.String(), AnyDocumentData)),
  localesPresent: Type.Optional(Type.Array(Type.String())),
  slugs: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 200 }))),
  pendingDraft: Type.Optional(
    StoredRecord({
      data: AnyDocumentData,
      locales: Type.Optional(Type.Record(Type.String(), AnyDocumentData)),
      updatedAt: StoredDate,
    }),
  ),
  writeKey: Type.Optional(Type.String({ maxLength: 200 })),
}

export const DocumentRecord = StoredRecord({
  _id: Uuid,
  ...stateMembers,
  schedule: Type.Optional(
    StoredRecord({ publishAt: Type.Optional(StoredDate), unpublishAt: Type.Optional(StoredDate) }),
  ),
})

export const VersionRecord = StoredRecord({
  _id: Type.String(),
  documentId: Uuid,
  version: Type.Integer({ minimum: 1 }),
  reason: StringEnum([...VERSION_REASONS, 'delete']),
  changedBy: KeyId,
  state: StoredRecord(stateMembers),
  event: StoredRecord({
    eventId: Uuid,
    name: StringEnum(ENTRY_EVENTS),
    timestamp: StoredDate,
    locale: Type.Optional(
      StoredRecord({
        asked: Type.Optional(Type.String()),
        defaultCode: Type.String(),
        fields: Type.Array(Type.String()),
      }),
    ),
  }),
  createdAt: StoredDate,
})

export const SlugClaimRecord = StoredRecord({
  type: TypeName,
  slug: Type.String({ minLength: 1, maxLength: 200 }),
  locale: Type.Optional(Type.String({ minLength: 1, maxLength: 35 })),
  documentId: Uuid,
  createdAt: StoredDate,
})

export const UniqueClaimRecord = StoredRecord({
  type: TypeName,
  ...uniqueValueMembers,
  documentId: Uuid,
  createdAt: StoredDate,
})

export const ScheduleRecord = StoredRecord({
  _id: Type.String(),
  scheduleId: Uuid,
  documentId: Uuid,
  action: StringEnum(SCHEDULE_ACTIONS),
  at: StoredDate,
  createdAt: StoredDate,
  createdBy: KeyId,
})

const mediaText = Type.Required(MediaPatchBody).properties

/** Size, digest, dimensions and type are recomputed from the imported bytes (media-import.ts). */
export const MediaRecord = StoredRecord({
  _id: Uuid,
  filename: mediaText.filename,
  mimeType: Type.String({ maxLength: 100 }),
  size: Type.Integer({ minimum: 0 }),
  width: Nullable(Type.Integer({ minimum: 0 })),
  height: Nullable(Type.Integer({ minimum: 0 })),
  alt: Nullable(Text),
  caption: Nullable(Text),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  createdAt: StoredDate,
  updatedAt: StoredDate,
})

/**
 * An uploaded file's GridFS record. Transforms (`<mediaId>~<key>`, `metadata.mediaId`) are never
 * exported and never imported: a uuid `_id` and `metadata` of the type alone refuse them.
 */
export const GridFsFileRecord = StoredRecord({
  _id: Uuid,
  length: Type.Integer({ minimum: 0 }),
  chunkSize: Type.Integer({ minimum: 1, maximum: 16 * 1024 * 1024 }),
  uploadDate: StoredDate,
  filename: Type.String({ maxLength: 200 }),
  metadata: StoredRecord({ mimeType: Type.String({ maxLength: 100 }) }),
})

export const GridFsChunkRecord = StoredRecord({
  _id: StoredObjectId,
  files_id: Uuid,
  n: Type.Integer({ minimum: 0 }),
  data: StoredBinary,
})

/** A record whose `_id` is `<documentId>:<suffix member>` (versions, schedules). */
export const idOfDocument =
  (suffix: string) =>
  (record: Record<string, unknown>): RecordProblem | undefined => {
    const expected = `${String(record.documentId)}:${String(record[suffix])}`
    return record._id === expected ? undefined : { path: '_id', message: `must be ${expected}` }
  }
