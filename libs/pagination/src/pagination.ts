import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
const MAX_PAGE = 1_000_000

export interface PageRequest {
  page: number
  limit: number
}

/** The spec's envelope (section 2.6); a page past the end is empty with correct totals. */
export interface PageEnvelope<T> {
  docs: T[]
  totalDocs: number
  limit: number
  totalPages: number
  page: number
  hasNextPage: boolean
  hasPrevPage: boolean
  nextPage: number | null
  prevPage: number | null
}

function integerParam(
  params: URLSearchParams,
  name: string,
  range: { min: number; max: number; fallback: number },
  problems: ErrorDetail[],
): number {
  const values = params.getAll(name)
  if (values.length === 0) return range.fallback
  const raw = values[0]!
  if (
    values.length > 1 ||
    !/^\d{1,9}$/.test(raw) ||
    Number(raw) < range.min ||
    Number(raw) > range.max
  ) {
    problems.push({ path: name, message: `must be an integer from ${range.min} to ${range.max}` })
    return range.fallback
  }
  return Number(raw)
}

/** `page` (>= 1) and `limit` (1..100) from a query string; anything else is 422. */
export function parsePageRequest(queryString: string): PageRequest {
  const params = new URLSearchParams(queryString)
  const problems: ErrorDetail[] = []
  const page = integerParam(params, 'page', { min: 1, max: MAX_PAGE, fallback: 1 }, problems)
  const limit = integerParam(
    params,
    'limit',
    { min: 1, max: MAX_PAGE_SIZE, fallback: DEFAULT_PAGE_SIZE },
    problems,
  )
  if (problems.length > 0) throw new ValidationError('Invalid paging parameters', problems)
  return { page, limit }
}

/**
 * The page a query asks for once the contract's `PageQuery` has checked it (digits in range):
 * page 1 and the default size when not sent.
 */
export const pageRequestOf = (query: { page?: string; limit?: string }): PageRequest => ({
  page: query.page === undefined ? 1 : Number(query.page),
  limit: query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit),
})

export const skipOf = (request: PageRequest): number => (request.page - 1) * request.limit

export function pageEnvelope<T>(
  docs: T[],
  totalDocs: number,
  request: PageRequest,
): PageEnvelope<T> {
  const totalPages = Math.max(1, Math.ceil(totalDocs / request.limit))
  const { page } = request
  return {
    docs,
    totalDocs,
    limit: request.limit,
    totalPages,
    page,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
    nextPage: page < totalPages ? page + 1 : null,
    // Past the end, the previous page a client can walk back to is the last one, not page - 1.
    prevPage: page > 1 ? Math.min(page - 1, totalPages) : null,
  }
}

/**
 * A page whose list was not counted (Strapi's `pagination[withCount]=false`): the totals are
 * null, and the caller learns whether a next page exists by asking for one document more than
 * the page holds. Past the end, `prevPage` is `page - 1`: without a count the last page is not
 * known.
 */
export interface UncountedPageEnvelope<T> extends Omit<
  PageEnvelope<T>,
  'totalDocs' | 'totalPages'
> {
  totalDocs: null
  totalPages: null
}

export function uncountedPageEnvelope<T>(
  docs: T[],
  more: { hasNextPage: boolean },
  request: PageRequest,
): UncountedPageEnvelope<T> {
  const { page } = request
  return {
    docs,
    totalDocs: null,
    limit: request.limit,
    totalPages: null,
    page,
    hasNextPage: more.hasNextPage,
    hasPrevPage: page > 1,
    nextPage: more.hasNextPage ? page + 1 : null,
    prevPage: page > 1 ? page - 1 : null,
  }
}
