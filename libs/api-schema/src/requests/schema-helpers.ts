import { Type } from '@sinclair/typebox'
import type { SchemaOptions, Static, TSchema, TUnsafe } from '@sinclair/typebox'
import { MESSAGE_KEYWORD } from '../validation/error-details.ts'

/** One of a closed set of strings, as `{type: 'string', enum}` (one readable error, no anyOf). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: SchemaOptions = {},
): TUnsafe<T[number]> => Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] })

/** `schema` or null, as a `type` list, so an error says "must be a string or null". */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, enum: values, ...rest } = schema as unknown as { type: string; enum?: unknown[] }
  return Type.Unsafe<Static<T> | null>({
    ...rest,
    type: [type, 'null'],
    ...(values ? { enum: [...values, null] } : {}),
  })
}

/** A string matching `pattern`, whose failure reads as `message`. */
export const PatternString = (pattern: string, message: string, options: SchemaOptions = {}) =>
  Type.String({ ...options, pattern, [MESSAGE_KEYWORD]: message })

const NO_CONTROL = '^[^\\p{Cc}\\p{Cs}]*$'
const NOT_BLANK_NO_CONTROL = '^(?!\\s*$)[^\\p{Cc}\\p{Cs}]*$'
const NO_CONTROL_BUT_LINE_BREAKS = '^(?:[^\\p{Cc}\\p{Cs}]|[\\t\\n\\r])*$'

/**
 * Free text shown to people (labels, names, icons, options): at most `max` characters (code
 * points), not blank unless `allowEmpty`, and no control characters or lone surrogates (which
 * cannot round-trip through UTF-8 storage or be shown); `multiline` admits tabs and line breaks.
 */
export function DisplayText(options: {
  max: number
  allowEmpty?: boolean
  multiline?: boolean
  description?: string
}) {
  const pattern = options.multiline
    ? NO_CONTROL_BUT_LINE_BREAKS
    : options.allowEmpty
      ? NO_CONTROL
      : NOT_BLANK_NO_CONTROL
  const message = options.allowEmpty
    ? 'must not contain control characters or lone surrogates'
    : 'must not be blank or contain control characters or lone surrogates'
  return PatternString(pattern, message, {
    maxLength: options.max,
    ...(options.description ? { description: options.description } : {}),
  })
}
