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
  /** `number` / `integer`: inclusive bounds; repeatable `component` and `blocks`: items. */
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
  /** `component`: the component (of the same website) whose fields its value holds. */
  component?: string
  /** `component`: a list of such values instead of one. */
  repeatable?: boolean
  /** `blocks`: the components an item may be; each item names its own in `__component`. */
  components?: string[]
  /** `text` / `textarea`: a regular expression in RE2 syntax that values must match. */
  pattern?: string
  /** With `pattern`: what the 422 says of a value that does not match. */
  patternMessage?: string
  /** text, email, url, number, integer: no two documents of the type share a value. */
  unique?: boolean
  /** Resolved (never stored): a `component` field's component's fields. */
  fields?: FieldDefinition[]
  /** Resolved (never stored): each component a `blocks` item may be, with its fields. */
  blocks?: ComponentShape[]
}

/** A component as a resolved field carries it: its name and (resolved) fields. */
export interface ComponentShape {
  name: string
  fields: FieldDefinition[]
}

/** The member of a blocks item that names its component. */
export const BLOCK_COMPONENT_KEY = '__component'

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
