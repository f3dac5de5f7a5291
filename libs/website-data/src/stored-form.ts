import { Type } from '@sinclair/typebox'
import type { TSchema } from '@sinclair/typebox'

/**
 * JSON Schemas of stored values as an export writes them (Extended JSON, relaxed), for the
 * schemas each service declares of its collections' records: an import validates a record's
 * text form against them before anything of it is read as BSON.
 */
const closed = { additionalProperties: false } as const

/** A BSON date between the years 1970 and 9999 (relaxed Extended JSON writes those as ISO text). */
export const StoredDate = Type.Object(
  { $date: Type.String({ format: 'date-time', maxLength: 40 }) },
  closed,
)

/** Generic binary data (subtype 0), as GridFS chunks hold it. */
export const StoredBinary = Type.Object(
  {
    $binary: Type.Object(
      {
        base64: Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$' }),
        subType: Type.Literal('00'),
      },
      closed,
    ),
  },
  closed,
)

export const StoredObjectId = Type.Object(
  { $oid: Type.String({ pattern: '^[0-9a-f]{24}$' }) },
  closed,
)

/** A closed object of `members`: a member the schema does not name is refused. */
export const StoredRecord = <T extends Record<string, TSchema>>(members: T) =>
  Type.Object(members, closed)
