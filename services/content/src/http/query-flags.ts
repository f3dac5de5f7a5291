import { ValidationError } from '@cms/errors'
import { parseQueryString } from '../query/index.ts'

/** `populate` on single-document reads, in any of its forms (undefined when not sent). */
export function parsePopulateParam(queryString: string): unknown {
  if (!queryString.includes('populate')) return undefined
  const populate = parseQueryString(queryString).populate
  return populate === '' ? undefined : populate
}

/** A `true` / `false` query parameter (absent: false). */
export function parseFlag(queryString: string, name: string): boolean {
  const values = new URLSearchParams(queryString).getAll(name)
  if (values.length === 0) return false
  if (values.length === 1 && (values[0] === 'true' || values[0] === 'false'))
    return values[0] === 'true'
  throw ValidationError.single(name, `${name} must be true or false`)
}

/** `draft` on single-document reads: `true` or `false`, as on lists. */
export const parseDraftParam = (queryString: string): boolean => parseFlag(queryString, 'draft')
