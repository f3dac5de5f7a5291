import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import {
  MAX_BLOCK_COMPONENTS,
  MAX_FIELDS,
  MAX_PATTERN_LENGTH,
  MAX_SELECT_OPTIONS,
  MAX_TEXT_LENGTH_LIMIT,
  RESERVED_FIELD_NAMES,
  TEXT_LIMITS,
} from '../../limits.ts'
import { FIELD_TYPES } from '../../vocabulary.ts'
import { MESSAGE_KEYWORD } from '../message-keyword.ts'
import { ContentTypeName } from './names.ts'
import { DisplayText, Nullable, StringEnum } from './schema-helpers.ts'

/** @cms/content-model's FIELD_NAME_PATTERN, less its RESERVED_FIELD_NAMES. */
const FIELD_NAME = '^[A-Za-z_][A-Za-z0-9_]{0,63}$'
const FieldName = Type.String({
  pattern: FIELD_NAME,
  not: { enum: [...RESERVED_FIELD_NAMES] },
  description: "The field's key in a document's data",
  [MESSAGE_KEYWORD]: {
    pattern: `must match ${FIELD_NAME}`,
    not: `is reserved: ${RESERVED_FIELD_NAMES.join(', ')} cannot be field names`,
  },
})

const Flag = (description: string) => Type.Optional(Nullable(Type.Boolean({ description })))
const Bound = (description: string) => Type.Optional(Nullable(Type.Number({ description })))

/**
 * One element of `fields`. Which options a type takes (`options` only for select, `target` for
 * relation, ...), reserved names, unique names and min <= max are checked in code; a null
 * member means "not set".
 */
export const FieldDefinitionBody = Type.Object(
  {
    name: FieldName,
    label: Type.Optional(Nullable(DisplayText({ max: TEXT_LIMITS.label }))),
    type: StringEnum(FIELD_TYPES),
    required: Flag('A document must have a non-empty value (default false)'),
    localized: Flag('In a localized type, false keeps one value for every locale'),
    options: Type.Optional(
      Nullable(
        Type.Array(DisplayText({ max: TEXT_LIMITS.option }), {
          minItems: 1,
          maxItems: MAX_SELECT_OPTIONS,
          uniqueItems: true,
          description: 'select: the allowed values',
        }),
      ),
    ),
    min: Bound(
      'number and integer: the least value allowed; repeatable component and blocks: items',
    ),
    max: Bound(
      'number and integer: the greatest value allowed; repeatable component and blocks: items',
    ),
    maxLength: Type.Optional(
      Nullable(
        Type.Integer({
          minimum: 1,
          maximum: MAX_TEXT_LENGTH_LIMIT,
          description: 'text and textarea: the most characters allowed',
        }),
      ),
    ),
    target: Type.Optional(Nullable(ContentTypeName('relation: the type its ids name'))),
    many: Flag('relation and media: a list of ids instead of one'),
    component: Type.Optional(Nullable(ContentTypeName('component: the component its value holds'))),
    repeatable: Flag('component: a list of values instead of one'),
    components: Type.Optional(
      Nullable(
        Type.Array(ContentTypeName(), {
          minItems: 1,
          maxItems: MAX_BLOCK_COMPONENTS,
          uniqueItems: true,
          description: 'blocks: the components an item may be',
        }),
      ),
    ),
    pattern: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: MAX_PATTERN_LENGTH,
          description: 'text and textarea: a regular expression (RE2 syntax) values must match',
        }),
      ),
    ),
    patternMessage: Type.Optional(
      Nullable(
        DisplayText({ max: TEXT_LIMITS.label, description: 'with pattern: the error message' }),
      ),
    ),
    unique: Flag('text, email, url, number and integer: no two documents share a value'),
  },
  { additionalProperties: false },
)
export type FieldDefinitionBody = Static<typeof FieldDefinitionBody>

const contentTypeMembers = {
  name: ContentTypeName(),
  label: Type.Optional(Nullable(DisplayText({ max: TEXT_LIMITS.label }))),
  description: Type.Optional(
    Nullable(DisplayText({ max: TEXT_LIMITS.description, allowEmpty: true, multiline: true })),
  ),
  icon: Type.Optional(Nullable(DisplayText({ max: TEXT_LIMITS.icon }))),
  slugField: Type.Optional(Nullable(Type.String({ description: 'A text or textarea field' }))),
  titleField: Type.Optional(Nullable(Type.String({ description: 'A text or textarea field' }))),
  localized: Flag('Its fields hold one value per locale of the website'),
  fields: Type.Optional(Nullable(Type.Array(FieldDefinitionBody, { maxItems: MAX_FIELDS }))),
}

/** POST /api/content-types; `label` defaults to the name, `fields` to []. */
export const ContentTypeCreateBody = Type.Object(contentTypeMembers, {
  additionalProperties: false,
})
export type ContentTypeCreateBody = Static<typeof ContentTypeCreateBody>

/** PATCH /api/content-types/:name: each member sent replaces the stored one; name cannot change. */
export const ContentTypePatchBody = Type.Object(
  { ...contentTypeMembers, name: Type.Optional(contentTypeMembers.name) },
  { additionalProperties: false },
)
export type ContentTypePatchBody = Static<typeof ContentTypePatchBody>
