import type { FieldType } from './content-type.ts'

/**
 * "Present and non-empty" for a required field: null, a blank string, an empty list and a
 * rich-text document without content count as missing. `false` and `0` are values.
 */
export function isEmptyValue(value: unknown, type: FieldType): boolean {
  if (value === null || value === undefined) return true
  if (typeof value === 'string') return value.trim() === ''
  if (Array.isArray(value)) return value.length === 0
  if (type === 'richText' && typeof value === 'object') {
    const content = (value as { content?: unknown }).content
    return Array.isArray(content) && content.length === 0
  }
  return false
}
