import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { MAX_LOCALES } from '../../limits.ts'
import { Nullable } from './schema-helpers.ts'

const LocaleCode = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 35,
    description: `${description}: a BCP 47 language tag in canonical form, such as "en" or "fr-CA"`,
  })

export const LocaleDefinitionBody = Type.Object(
  {
    code: LocaleCode('The locale'),
    default: Type.Optional(Type.Boolean({ description: 'Exactly one locale is the default' })),
    fallback: Type.Optional(Nullable(LocaleCode('The locale read when a value is missing'))),
  },
  { additionalProperties: false },
)
export type LocaleDefinitionBody = Static<typeof LocaleDefinitionBody>

/**
 * PUT /api/locales: the whole list. Codes in canonical form, unique, one default, and fallback
 * chains ending at the default are checked in code.
 */
export const LocaleListBody = Type.Object(
  { locales: Type.Array(LocaleDefinitionBody, { minItems: 1, maxItems: MAX_LOCALES }) },
  { additionalProperties: false },
)
export type LocaleListBody = Static<typeof LocaleListBody>
