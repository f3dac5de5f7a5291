import type { FieldType } from '@cms/contract'

/**
 * Declared here rather than derived from @cms/api-schema: the content-type schemas take their
 * limits from @cms/content-model, whose index reaches Node-only code that a browser program (the
 * admin panel) cannot type-check. libs/client/test/types-match-schemas.check.ts holds these to
 * the schemas (its test runs tsc over it).
 */

export { FIELD_TYPES } from '@cms/contract'
export type { FieldType } from '@cms/contract'

export interface FieldDefinition {
  name: string
  label?: string
  type: FieldType
  required?: boolean
  /** `select`: the allowed values. */
  options?: string[]
  /** `number` / `integer`: inclusive bounds. */
  min?: number
  max?: number
  /** `text` / `textarea`: the longest value in characters. */
  maxLength?: number
  /** `relation`: the content type its ids name. */
  target?: string
  /** `relation` / `media`: a list of ids instead of one. */
  many?: boolean
  /** In a localized type, `false` keeps one value shared by every locale. */
  localized?: boolean
}

/** What `POST /api/content-types` takes. */
export interface ContentTypeInput {
  name: string
  label?: string
  description?: string
  slugField?: string
  titleField?: string
  icon?: string
  fields?: FieldDefinition[]
  localized?: boolean
}

/** What `PATCH /api/content-types/:name` takes: each sent member replaces the stored one. */
export type ContentTypeChange = Partial<Omit<ContentTypeInput, 'name'>>

export interface ContentType extends Omit<ContentTypeInput, 'fields' | 'label'> {
  id: string
  label: string
  fields: (FieldDefinition & { label: string; required: boolean })[]
  version: number
  createdAt: string
  updatedAt: string
}
