import { PAGE_LIMITS, QUERY_STRING_LIMITS } from '@cms/contract'

/** Bounds on what a list query may ask for (contract section 5); beyond them the answer is 422. */
export const QUERY_LIMITS = {
  ...QUERY_STRING_LIMITS,
  /** Field conditions (one operator on one field) in the whole filter tree. */
  maxConditions: 100,
  /** Characters in one filter value; longer values are never a real filter. */
  maxValueLength: 1024,
  /** Keys in `sort`. */
  maxSortKeys: 10,
  /** Names in `fields`. */
  maxFieldNames: 100,
  /** Bounds the skip the database is asked for. */
  ...PAGE_LIMITS,
} as const
