import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { FIELD_TYPES } from '../../vocabulary.ts'
import { DocsList, Timestamp, Uuid } from './common.ts'

/** A field definition as the schema service answers it (contract section 3, extensions A-C). */
export const FieldDefinition = Type.Object(
  {
    name: Type.String(),
    label: Type.String(),
    type: Type.Union(FIELD_TYPES.map((type) => Type.Literal(type))),
    required: Type.Boolean(),
    options: Type.Optional(
      Type.Array(Type.String(), { description: '`select`: the allowed values' }),
    ),
    min: Type.Optional(Type.Number({ description: '`number`, `integer`: inclusive lower bound' })),
    max: Type.Optional(Type.Number({ description: '`number`, `integer`: inclusive upper bound' })),
    maxLength: Type.Optional(Type.Integer({ description: '`text`, `textarea`: most characters' })),
    target: Type.Optional(
      Type.String({ description: '`relation`: the content type its ids name' }),
    ),
    many: Type.Optional(Type.Boolean({ description: '`relation`, `media`: a list of ids' })),
    localized: Type.Optional(
      Type.Boolean({ description: 'In a localized type: false shares one value' }),
    ),
    component: Type.Optional(Type.String({ description: '`component`: its component' })),
    repeatable: Type.Optional(Type.Boolean({ description: '`component`: a list of values' })),
    components: Type.Optional(
      Type.Array(Type.String(), { description: '`blocks`: the components an item may be' }),
    ),
    pattern: Type.Optional(Type.String({ description: '`text`, `textarea`: RE2 syntax' })),
    patternMessage: Type.Optional(Type.String({ description: 'With `pattern`: the 422 message' })),
    unique: Type.Optional(Type.Boolean({ description: 'No two documents share a value' })),
  },
  { additionalProperties: false },
)

export const ContentType = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    label: Type.String(),
    description: Type.Optional(Type.String()),
    slugField: Type.Optional(Type.String()),
    titleField: Type.Optional(Type.String()),
    icon: Type.Optional(Type.String()),
    localized: Type.Optional(Type.Boolean()),
    fields: Type.Array(FieldDefinition),
    version: Type.Integer({ minimum: 1, description: '+1 on every PATCH; the ETag' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
)
export type ContentType = Static<typeof ContentType>

export const ContentTypeList = DocsList(ContentType)

export const Locale = Type.Object(
  {
    code: Type.String({ description: 'BCP 47, canonical (`fr-CA`)' }),
    default: Type.Optional(Type.Boolean()),
    fallback: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)

/** `GET` and `PUT /api/locales` (extensions B). */
export const Locales = Type.Object({ locales: Type.Array(Locale) }, { additionalProperties: false })
export type Locales = Static<typeof Locales>
