import { Type } from '@sinclair/typebox'
import type { Static, TSchema } from '@sinclair/typebox'
import { OrNull, Timestamp, Uuid } from './common.ts'

export const DOCUMENT_STATUSES = ['draft', 'published'] as const
/** Every change but `delete` is listed in a document's history. */
export const VERSION_REASONS = [
  'create',
  'update',
  'publish',
  'unpublish',
  'restore',
  /** A pending draft saved or discarded; the live state is unchanged. */
  'draft',
] as const

const Status = Type.Union(DOCUMENT_STATUSES.map((status) => Type.Literal(status)))

/** Field values keyed by field name; the website's document names each type's own schema. */
export const AnyDocumentData = Type.Record(Type.String(), Type.Unknown(), {
  description: "The document's values, one member per field of its content type",
})

/** The members of a document answer, given the schema of its `type` and `data`. */
function documentMembers<T extends TSchema, D extends TSchema>(type: T, data: D) {
  return {
    id: Uuid,
    type,
    slug: Type.String({
      description: "The asked locale's slug (or the one along its fallback chain)",
    }),
    status: Status,
    authorId: Type.String({ description: 'The id of the API key that created the document' }),
    publishedAt: OrNull(Timestamp),
    data,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    version: Type.Integer({ minimum: 1, description: '1 on create, +1 on each change; the ETag' }),
    hasPendingDraft: Type.Boolean(),
    scheduledPublishAt: OrNull(Timestamp),
    scheduledUnpublishAt: OrNull(Timestamp),
    locale: Type.Optional(
      Type.String({ description: 'Documents of localized types: the locale shown' }),
    ),
    localesPresent: Type.Optional(
      Type.Array(Type.String(), { description: 'The locale codes with at least one value' }),
    ),
    slugs: Type.Optional(
      Type.Record(Type.String(), Type.String(), { description: "`locale=*`: each locale's slug" }),
    ),
  }
}

/** A whole document (api.md "§ documents: the document shape"). */
export const documentSchema = <T extends TSchema, D extends TSchema>(type: T, data: D) =>
  Type.Object(documentMembers(type, data), { additionalProperties: false })

/** A document as `fields` shows it in lists and populated values: `id` and what was selected. */
export const documentProjectionSchema = <T extends TSchema, D extends TSchema>(type: T, data: D) =>
  Type.Composite(
    [Type.Partial(Type.Object(documentMembers(type, data))), Type.Object({ id: Uuid })],
    {
      additionalProperties: false,
      description: 'A document with `fields` applied: `id` always, and the members selected',
    },
  )

export const Document = documentSchema(
  Type.String({ description: 'The content type name' }),
  AnyDocumentData,
)
export type Document = Static<typeof Document>

export const DocumentProjection = documentProjectionSchema(Type.String(), AnyDocumentData)

/** A version record (api.md "§ versions: the version record"). */
export const Version = Type.Object(
  {
    id: Type.String({ description: '`<documentId>:<version>`' }),
    documentId: Uuid,
    version: Type.Integer({ minimum: 1 }),
    reason: Type.Union(VERSION_REASONS.map((reason) => Type.Literal(reason))),
    status: Status,
    slug: Type.String(),
    data: AnyDocumentData,
    publishedAt: OrNull(Timestamp),
    authorId: Type.String(),
    createdAt: Timestamp,
  },
  { additionalProperties: false },
)
export type Version = Static<typeof Version>

/** A pending schedule (extensions D). */
export const Schedule = Type.Object(
  {
    id: Type.String(),
    documentId: Uuid,
    action: Type.Union([Type.Literal('publish'), Type.Literal('unpublish')]),
    at: Timestamp,
    createdAt: Timestamp,
  },
  { additionalProperties: false },
)
export type Schedule = Static<typeof Schedule>
