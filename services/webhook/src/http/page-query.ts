import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { PageRequest } from '../domain/pagination.ts'

export const DEFAULT_LIMIT = 20
export const MAX_LIMIT = 100

function integerParam(
  value: unknown,
  name: string,
  min: number,
  max: number,
  problems: ErrorDetail[],
): number | undefined {
  if (value === undefined) return undefined
  if (
    typeof value !== 'string' ||
    !/^\d+$/.test(value) ||
    Number(value) < min ||
    Number(value) > max
  ) {
    problems.push({ path: name, message: `must be an integer from ${min} to ${max}` })
    return undefined
  }
  return Number(value)
}

/** `page` >= 1 and `limit` 1..100 as for every list; anything else is 422. */
export function parsePageQuery(query: Record<string, unknown>): PageRequest {
  const problems: ErrorDetail[] = []
  const page = integerParam(query.page, 'page', 1, Number.MAX_SAFE_INTEGER, problems)
  const limit = integerParam(query.limit, 'limit', 1, MAX_LIMIT, problems)
  if (problems.length > 0) throw new ValidationError('Invalid query parameters', problems)
  return { page: page ?? 1, limit: limit ?? DEFAULT_LIMIT }
}
