import { Type } from '@sinclair/typebox'
import type { Static, TSchema, TUnsafe } from '@sinclair/typebox'
import { ERROR_CODES } from '../../vocabulary.ts'

/** Where the OpenAPI document keeps its named schemas. */
export const COMPONENTS = '#/components/schemas/'

/** A reference to a named schema of the document, typed as that schema. */
export const Ref = <T extends TSchema>(name: string, _schema?: T): TUnsafe<Static<T>> =>
  Type.Unsafe<Static<T>>({ $ref: `${COMPONENTS}${name}` })

/** `schema` or null (`anyOf`, so that a `$ref` stays whole). */
export const OrNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC' })
export const Uuid = Type.String({ format: 'uuid' })

export const ErrorDetail = Type.Object(
  {
    path: Type.String({
      description: 'Where the problem is: `data.title`, `fields[0].type`, `limit`',
    }),
    message: Type.String(),
  },
  { additionalProperties: false },
)

/** The contract's one error shape (api.md "§ errors: one error shape"). */
export const ErrorBody = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Union(ERROR_CODES.map((code) => Type.Literal(code))),
        message: Type.String(),
        details: Type.Optional(Type.Array(ErrorDetail, { minItems: 1 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Every error answer' },
)
export type ErrorBody = Static<typeof ErrorBody>

const PAGE = Type.Integer({ minimum: 1 })

/** The spec's list envelope (section 2.6), counted. */
export const PageEnvelope = <T extends TSchema>(item: T) =>
  Type.Object(
    {
      docs: Type.Array(item),
      totalDocs: Type.Integer({ minimum: 0 }),
      limit: Type.Integer({ minimum: 1, maximum: 100 }),
      totalPages: Type.Integer({ minimum: 1 }),
      page: PAGE,
      hasNextPage: Type.Boolean(),
      hasPrevPage: Type.Boolean(),
      nextPage: OrNull(PAGE),
      prevPage: OrNull(PAGE),
    },
    { additionalProperties: false },
  )

/**
 * A list envelope counted or not: with `pagination[withCount]=false` the totals are null
 * (api.md "§ queries: withCount=false skips the count").
 */
export const ListEnvelope = <T extends TSchema>(item: T) =>
  Type.Object(
    {
      docs: Type.Array(item),
      totalDocs: OrNull(Type.Integer({ minimum: 0 })),
      limit: Type.Integer({ minimum: 1, maximum: 100 }),
      totalPages: OrNull(Type.Integer({ minimum: 1 })),
      page: PAGE,
      hasNextPage: Type.Boolean(),
      hasPrevPage: Type.Boolean(),
      nextPage: OrNull(PAGE),
      prevPage: OrNull(PAGE),
    },
    { additionalProperties: false },
  )

/** `{docs: [...]}`: the unpaginated lists (content types, webhooks, websites, keys). */
export const DocsList = <T extends TSchema>(item: T) =>
  Type.Object({ docs: Type.Array(item) }, { additionalProperties: false })
