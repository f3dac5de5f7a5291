import qs from 'qs'
import type { ContentQuery, MediaQuery, PageQuery, ReadQuery } from './types/query.ts'

type AnyQuery = ContentQuery & ReadQuery & PageQuery & MediaQuery

const commaJoined = (value: string | string[] | undefined): string | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value.join(',') : value

/**
 * The query string (with its `?`, or '' when empty) for a list or read, in the bracket notation
 * the API parses with `qs`: `filters[data.title][$containsi]=x`, `populate[author][fields][0]=name`.
 * `sort` and `fields` lists travel comma-separated, `populate` lists too.
 */
export function queryString(query: object | undefined): string {
  if (!query) return ''
  const { sort, fields, populate, draft, withCount, ...rest } = query as Partial<AnyQuery>
  const params: Record<string, unknown> = { ...rest }
  if (sort !== undefined) params.sort = commaJoined(sort)
  if (fields !== undefined) params.fields = commaJoined(fields)
  if (populate !== undefined)
    params.populate =
      typeof populate === 'string' || Array.isArray(populate) ? commaJoined(populate) : populate
  if (draft) params.draft = 'true'
  if (withCount === false) params.pagination = { withCount: 'false' }
  const text = qs.stringify(params, { encodeValuesOnly: true, skipNulls: false })
  return text === '' ? '' : `?${text}`
}

/** One path segment, encoded. */
export const segment = (value: string | number): string => encodeURIComponent(String(value))
