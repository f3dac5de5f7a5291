import { RESERVED_FIELD_NAMES } from '@cms/contract'

/** Content type names appear in paths, document `type` and webhook filters (contract section 3). */
export const CONTENT_TYPE_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/

/** Field names are keys of a document's `data` and segments of `data.<field>` in queries. */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

export { RESERVED_FIELD_NAMES } from '@cms/contract'

export function isContentTypeName(value: unknown): value is string {
  return typeof value === 'string' && CONTENT_TYPE_NAME_PATTERN.test(value)
}

export function isFieldName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    FIELD_NAME_PATTERN.test(value) &&
    !RESERVED_FIELD_NAMES.includes(value)
  )
}
