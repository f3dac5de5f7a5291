import { Type } from '@sinclair/typebox'
import { ContentCreateBody, ContentType, Locale, StringEnum, Uuid } from '@cms/contract'
import { FIELD_TYPES } from '@cms/content-model'
import { StoredRecord } from '@cms/website-data'
import type { RecordProblem } from '@cms/website-data'

/**
 * The schema service's records as an export line holds them (without the website's id): what an
 * import accepts (docs/lifecycle.md, "Import"). A type is stored as the API answers it.
 */
const TypeName = ContentCreateBody.properties.type

export const ContentTypeRecord = StoredRecord({ ...ContentType.properties, name: TypeName })

/** A change's claim on a type's version: `_id` = `<type id>:<version>`, the type as it became. */
export const TypeVersionRecord = StoredRecord({
  _id: Type.String(),
  typeId: Uuid,
  version: Type.Integer({ minimum: 1 }),
  type: ContentTypeRecord,
  claimedAt: Type.String({ format: 'date-time' }),
})

const FieldDeclaration = StoredRecord({
  name: Type.String(),
  type: StringEnum(FIELD_TYPES),
  target: Type.Optional(TypeName),
  many: Type.Optional(Type.Boolean()),
  localized: Type.Optional(Type.Literal(true)),
})

export const TypeIndexRecord = StoredRecord({
  names: Type.Array(TypeName),
  revision: Type.Integer({ minimum: 0 }),
  declarations: Type.Optional(Type.Record(Type.String(), Type.Array(FieldDeclaration))),
  locales: Type.Optional(Type.Array(Locale, { maxItems: 100 })),
  complete: Type.Optional(Type.Boolean()),
})

/** A claim names its type and version in its `_id` and in the type it holds. */
export function claimMatchesType(record: Record<string, unknown>): RecordProblem | undefined {
  const type = record.type as { id?: unknown; version?: unknown }
  if (record._id !== `${String(record.typeId)}:${String(record.version)}`)
    return { path: '_id', message: `must be ${String(record.typeId)}:${String(record.version)}` }
  if (type.id !== record.typeId) return { path: 'type.id', message: 'must be the typeId' }
  if (type.version !== record.version)
    return { path: 'type.version', message: 'must be the version' }
  return undefined
}
