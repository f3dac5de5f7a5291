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

/** A content type, or with `kind: 'component'` a component (docs/schema.md, "Components"). */
export const ContentTypeRecord = StoredRecord({
  ...ContentType.properties,
  name: TypeName,
  kind: Type.Optional(Type.Literal('component')),
})

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
  component: Type.Optional(TypeName),
  repeatable: Type.Optional(Type.Boolean()),
  components: Type.Optional(Type.Array(TypeName)),
})

const Declarations = Type.Record(Type.String(), Type.Array(FieldDeclaration))

export const TypeIndexRecord = StoredRecord({
  names: Type.Array(TypeName),
  revision: Type.Integer({ minimum: 0 }),
  declarations: Type.Optional(Declarations),
  components: Type.Optional(Type.Array(TypeName)),
  componentDeclarations: Type.Optional(Declarations),
  locales: Type.Optional(Type.Array(Locale, { maxItems: 100 })),
  complete: Type.Optional(Type.Boolean()),
})

/** What only a content type has: a component is only ever a field's value. */
const TYPE_ONLY_MEMBERS = ['slugField', 'titleField', 'localized'] as const

/** A component record carries none of the type-only members. */
export function componentHasNoTypeMembers(
  record: Record<string, unknown>,
): RecordProblem | undefined {
  if (record.kind !== 'component') return undefined
  const member = TYPE_ONLY_MEMBERS.find((name) => record[name] !== undefined)
  return member && { path: member, message: 'is not a member of a component' }
}

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
