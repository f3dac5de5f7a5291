import type { ErrorDetail } from '@cms/errors'
import { QUERY_LIMITS } from './query-limits.ts'
import { quoteValue } from './quote-value.ts'

const DIGITS = /^\d{1,16}$/

export interface PageParams {
  page: number
  limit: number
  /** False with Strapi's `pagination[withCount]=false`: the list is not counted. */
  withCount: boolean
  issues: ErrorDetail[]
}

const PAGE_BOUNDS = { fallback: 1, max: QUERY_LIMITS.maxPage }
const LIMIT_BOUNDS = { fallback: QUERY_LIMITS.defaultLimit, max: QUERY_LIMITS.maxLimit }

/** Strapi's names; its offset form (`start`, `limit`) is refused with a pointer to these. */
const PAGINATION_KEYS: ReadonlySet<string> = new Set(['page', 'pageSize', 'withCount'])
const OFFSET_KEYS: ReadonlySet<string> = new Set(['start', 'limit'])

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

function readWithCount(raw: unknown): { withCount: boolean; issues: ErrorDetail[] } {
  if (raw === undefined || raw === 'true') return { withCount: true, issues: [] }
  if (raw === 'false') return { withCount: false, issues: [] }
  const path = 'pagination[withCount]'
  return { withCount: true, issues: [{ path, message: `${path} must be true or false` }] }
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function unknownKeys(pagination: Readonly<Record<string, unknown>>): ErrorDetail[] {
  return Object.keys(pagination)
    .filter((key) => !PAGINATION_KEYS.has(key))
    .map((key) => ({
      path: `pagination[${key.slice(0, 200)}]`,
      message: OFFSET_KEYS.has(key)
        ? `offset pagination (pagination[start], pagination[limit]) is not supported: use pagination[page] and pagination[pageSize]`
        : `unknown pagination parameter ${quoteValue(key)}: pagination takes page, pageSize and withCount`,
    }))
}

/**
 * `page=2&limit=10` and Strapi's `pagination[page]=2&pagination[pageSize]=10` are two spellings
 * of one page; a request that mixes them is refused, naming what it sent of each, rather than
 * one silently winning.
 */
function mixedForms(
  params: { page?: unknown; limit?: unknown },
  pagination: Readonly<Record<string, unknown>>,
): ErrorDetail[] {
  const plain = (['page', 'limit'] as const).filter((name) => params[name] !== undefined)
  const strapi = ['page', 'pageSize']
    .filter((key) => pagination[key] !== undefined)
    .map((key) => `pagination[${key}]`)
  if (plain.length === 0 || strapi.length === 0) return []
  return [
    {
      path: 'pagination',
      message: `send page and limit or pagination[page] and pagination[pageSize], not both (got ${[...plain, ...strapi].join(', ')})`,
    },
  ]
}

type Page = Omit<PageParams, 'withCount'>

function readPlain(params: { page?: unknown; limit?: unknown }): Page {
  const page = readInteger('page', params.page, PAGE_BOUNDS)
  const limit = readInteger('limit', params.limit, LIMIT_BOUNDS)
  return { page: page.value, limit: limit.value, issues: [...page.issues, ...limit.issues] }
}

function readStrapi(pagination: Readonly<Record<string, unknown>>): Page {
  const page = readInteger('pagination[page]', pagination.page, PAGE_BOUNDS)
  const limit = readInteger('pagination[pageSize]', pagination.pageSize, LIMIT_BOUNDS)
  return { page: page.value, limit: limit.value, issues: [...page.issues, ...limit.issues] }
}

const NOT_AN_OBJECT: ErrorDetail = {
  path: 'pagination',
  message: 'pagination takes pagination[page], pagination[pageSize] and pagination[withCount]',
}

/**
 * `page` is 1-based; `limit` is the page size, at most 100 (contract section 5). Strapi's
 * `pagination[page]` and `pagination[pageSize]` are read with the same bounds, and
 * `pagination[withCount]` goes with either spelling (docs/queries.md, "Pagination").
 */
export function readPage(params: {
  page?: unknown
  limit?: unknown
  pagination?: unknown
}): PageParams {
  const pagination = params.pagination
  if (pagination === undefined) return { ...readPlain(params), withCount: true }
  if (!isRecord(pagination)) {
    const plain = readPlain(params)
    return { ...plain, withCount: true, issues: [NOT_AN_OBJECT, ...plain.issues] }
  }
  const strapi = pagination.page !== undefined || pagination.pageSize !== undefined
  const { page, limit, issues } = strapi ? readStrapi(pagination) : readPlain(params)
  const { withCount, issues: countIssues } = readWithCount(pagination.withCount)
  return {
    page,
    limit,
    withCount,
    issues: [
      ...unknownKeys(pagination),
      ...mixedForms(params, pagination),
      ...issues,
      ...countIssues,
    ],
  }
}
