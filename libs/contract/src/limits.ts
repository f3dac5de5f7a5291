import type { QuotaName } from './vocabulary.ts'

/**
 * Names the field-name pattern admits but that would reach an object's prototype machinery
 * when used as a key of `data` in plain JavaScript objects.
 */
export const RESERVED_FIELD_NAMES: readonly string[] = ['__proto__', 'constructor', 'prototype']

/** Limits on the free text of definitions, in Unicode code points. */
export const TEXT_LIMITS = {
  label: 200,
  description: 2000,
  icon: 100,
  option: 200,
} as const

export const MAX_FIELDS = 200
export const MAX_SELECT_OPTIONS = 500
export const MAX_TEXT_LENGTH_LIMIT = 1_000_000
export const MAX_LOCALES = 100

/** Levels of component and blocks fields below a content type's own fields (docs/schema.md). */
export const MAX_COMPONENT_DEPTH = 5
/** Components one blocks field may offer. */
export const MAX_BLOCK_COMPONENTS = 50
/** Items of a repeatable component or a blocks field. */
export const MAX_COMPONENT_ITEMS = 1000
/** A text field's `pattern`, in characters; `patternMessage` is display text of TEXT_LIMITS.label. */
export const MAX_PATTERN_LENGTH = 1000

/**
 * What an override may raise a quota to: past these the platform's own limits apply anyway
 * (200 fields and 500 options per type, 1 MiB request bodies, the gateway's
 * `CHANGE_STREAMS_PER_WEBSITE` maximum).
 */
export const QUOTA_CEILINGS: Readonly<Record<QuotaName, number>> = {
  webhooks: 10_000,
  contentTypes: 10_000,
  fieldsPerType: 200,
  optionsPerField: 500,
  definitionBytes: 1024 * 1024,
  locales: 100,
  mediaBytes: 1024 ** 4,
  changeStreams: 100_000,
}

/**
 * Bounds of a query string as the API parses it (contract section 5): beyond them the answer is
 * 422 before anything is read.
 */
export const QUERY_STRING_LIMITS = {
  /** A longer query string is refused before parsing. */
  maxQueryStringLength: 32 * 1024,
  /** Key=value pairs in the query string. */
  maxParameters: 1000,
  /** Values in one list (`$in`, `$and`, `fields[0]`...). */
  maxListValues: 100,
  /** `$and` / `$or` / `$not` levels inside `filters`. */
  maxLogicalDepth: 5,
} as const

/**
 * Each logical level adds two bracket segments (`[$and][0]`); a condition adds up to four more
 * (`[field][$not][$in][0]`). Deeper keys are refused by the parser instead of being folded.
 */
export const QS_DEPTH = QUERY_STRING_LIMITS.maxLogicalDepth * 2 + 4

/** The pages of a list: `page` from 1, `limit` items a page. */
export const PAGE_LIMITS = { maxPage: 1_000_000, maxLimit: 100, defaultLimit: 20 } as const
