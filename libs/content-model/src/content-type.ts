import type { FieldType } from '@cms/contract'

/** The shapes of content types and field definitions (contract section 3), shared by schema and content. */
export { FIELD_TYPES } from '@cms/contract'
export type { FieldType } from '@cms/contract'

export interface FieldDefinition {
  name: string
  label: string
  type: FieldType
  required: boolean
  /** `select` only: the allowed values. */
  options?: string[]
  /** `number` / `integer`: inclusive bounds. */
  min?: number
  max?: number
  /** `text` / `textarea`: maximum length in characters. */
  maxLength?: number
  /** `relation` only: the content type (of the same website) its ids name. */
  target?: string
  /** `relation` and `media`: a list of up to 100 ids instead of one id. */
  many?: boolean
  /** In a localized type: `false` keeps one value shared by every locale. */
  localized?: boolean
}

/** How many ids a `many` relation holds at most. */
export const MAX_RELATION_IDS = 100

export interface ContentType {
  id: string
  name: string
  label: string
  description?: string
  slugField?: string
  titleField?: string
  icon?: string
  fields: FieldDefinition[]
  /** Its fields hold one value per locale of the website, unless a field says otherwise. */
  localized?: boolean
  /** Starts at 1, +1 on every PATCH; compiled validators are cached per (website, name, version). */
  version: number
  createdAt: string
  updatedAt: string
}
