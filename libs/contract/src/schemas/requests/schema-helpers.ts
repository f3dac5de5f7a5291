import { Type } from '@sinclair/typebox'
import type { SchemaOptions, Static, TSchema, TUnsafe } from '@sinclair/typebox'
import { MESSAGE_KEYWORD } from '../message-keyword.ts'

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

/** One rule of a text; without a `type` of its own, so that a nullable text admits null. */
const textRule = (pattern: string, message: string) => ({ pattern, [MESSAGE_KEYWORD]: message })
const NOT_BLANK = textRule('\\S', 'must not be empty')
const NO_LONE_SURROGATE = textRule(
  '^\\P{Cs}*$',
  'must be valid Unicode text (it contains a lone surrogate)',
)
const NO_CONTROL = textRule('^\\P{Cc}*$', 'must not contain control characters')
const NO_CONTROL_BUT_LINE_BREAKS = textRule(
  '^(?:\\P{Cc}|[\\t\\n\\r])*$',
  'must not contain control characters',
)

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
  const rules = [
    ...(options.allowEmpty ? [] : [NOT_BLANK]),
    NO_LONE_SURROGATE,
    options.multiline ? NO_CONTROL_BUT_LINE_BREAKS : NO_CONTROL,
  ]
  return Type.String({
    maxLength: options.max,
    allOf: rules,
    ...(options.description ? { description: options.description } : {}),
  })
}
