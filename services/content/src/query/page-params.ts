import type { ErrorDetail } from '@cms/errors'
import { QUERY_LIMITS } from './query-limits.ts'

const DIGITS = /^\d{1,16}$/

function readInteger(
  name: string,
  raw: unknown,
  bounds: { fallback: number; max: number },
): { value: number; issues: ErrorDetail[] } {
  if (raw === undefined) return { value: bounds.fallback, issues: [] }
  const value = typeof raw === 'string' && DIGITS.test(raw) ? Number(raw) : Number.NaN
  if (value >= 1 && value <= bounds.max) return { value, issues: [] }
  return {
    value: bounds.fallback,
    issues: [{ path: name, message: `${name} must be an integer from 1 to ${bounds.max}` }],
  }
}

/** `page` is 1-based; `limit` is the page size, at most 100 (contract section 5). */
export function readPage(params: { page?: unknown; limit?: unknown }): {
  page: number
  limit: number
  issues: ErrorDetail[]
} {
  const page = readInteger('page', params.page, { fallback: 1, max: QUERY_LIMITS.maxPage })
  const limit = readInteger('limit', params.limit, {
    fallback: QUERY_LIMITS.defaultLimit,
    max: QUERY_LIMITS.maxLimit,
  })
  return { page: page.value, limit: limit.value, issues: [...page.issues, ...limit.issues] }
}
