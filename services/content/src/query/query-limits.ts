/** Bounds on what a list query may ask for (contract section 5); beyond them the answer is 422. */
export const QUERY_LIMITS = {
  /** `$and` / `$or` / `$not` levels inside `filters`. */
  maxLogicalDepth: 5,
  /** Field conditions (one operator on one field) in the whole filter tree. */
  maxConditions: 100,
  /** Values in one `$in` / `$notIn` list. */
  maxListValues: 100,
  /** Characters in one filter value; longer values are never a real filter. */
  maxValueLength: 1024,
  /** Keys in `sort`. */
  maxSortKeys: 10,
  /** Names in `fields`. */
  maxFieldNames: 100,
  /** Bounds the skip the database is asked for. */
  maxPage: 1_000_000,
  maxLimit: 100,
  defaultLimit: 20,
  /** A longer query string is refused before parsing. */
  maxQueryStringLength: 32 * 1024,
  /** Key=value pairs in the query string. */
  maxParameters: 1000,
} as const

/**
 * Each logical level adds two bracket segments (`[$and][0]`); a condition adds up to four more
 * (`[field][$not][$in][0]`). Deeper keys are refused by the parser instead of being folded.
 */
export const QS_DEPTH = QUERY_LIMITS.maxLogicalDepth * 2 + 4
