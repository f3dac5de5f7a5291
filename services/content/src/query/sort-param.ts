import type { ErrorDetail } from '@cms/errors'
import { commaList } from './comma-list.ts'
import type { FieldCatalog } from './field-catalog.ts'
import { QUERY_LIMITS } from './query-limits.ts'
import { quoteValue } from './quote-value.ts'

export type SortDirection = 1 | -1
export type SortKey = [path: string, direction: SortDirection]

export const DEFAULT_SORT: readonly SortKey[] = [['createdAt', -1]]
/**
 * Ids are unique, so ending on one makes the order total and pages never overlap. It runs in
 * the last key's direction, so one index serves a sort and its reverse.
 */
export const tiebreakerAfter = (keys: readonly SortKey[]): SortKey => ['_id', keys.at(-1)![1]]

const STRAPI_FORM = /^(.+):(asc|desc)$/i

function splitKey(item: string): { name: string; direction: SortDirection } | undefined {
  const strapi = STRAPI_FORM.exec(item)
  if (strapi) {
    const [, name = '', direction = ''] = strapi
    return name.startsWith('-')
      ? undefined
      : { name, direction: direction.toLowerCase() === 'desc' ? -1 : 1 }
  }
  return item.startsWith('-')
    ? { name: item.slice(1), direction: -1 }
    : { name: item, direction: 1 }
}

function unsortable(name: string, kind: string): string {
  if (name === 'id') return 'cannot sort by "id": ids are random; sort by createdAt instead'
  return `cannot sort by ${kind} field ${quoteValue(name)}`
}

/** `sort=-publishedAt,title` or Strapi's `sort=publishedAt:desc,title:asc`; the id comes last. */
export function readSort(
  raw: unknown,
  catalog: FieldCatalog,
): { sort: SortKey[]; issues: ErrorDetail[] } {
  const items = raw === undefined || raw === '' ? [] : commaList(raw)
  if (items === undefined) {
    return {
      sort: [],
      issues: [{ path: 'sort', message: 'sort takes a comma-separated list of fields' }],
    }
  }
  if (items.length > QUERY_LIMITS.maxSortKeys) {
    return {
      sort: [],
      issues: [{ path: 'sort', message: `sort takes at most ${QUERY_LIMITS.maxSortKeys} fields` }],
    }
  }
  const issues: ErrorDetail[] = []
  const keys: SortKey[] = []
  for (const item of items) {
    const key = splitKey(item)
    if (!key || key.name === '') {
      issues.push({
        path: 'sort',
        message: `${quoteValue(item)} is not field, -field, field:asc or field:desc`,
      })
      continue
    }
    const lookup = catalog.lookup(key.name)
    if (!lookup.ok) issues.push({ path: 'sort', message: lookup.message })
    else if (!lookup.field.sortable) {
      issues.push({ path: 'sort', message: unsortable(key.name, lookup.field.kind) })
    } else if (keys.some(([path]) => path === lookup.field.path)) {
      issues.push({ path: 'sort', message: `${quoteValue(key.name)} is sorted on twice` })
    } else keys.push([lookup.field.path, key.direction])
  }
  const sort = keys.length > 0 ? keys : [...DEFAULT_SORT]
  return { sort: [...sort, tiebreakerAfter(sort)], issues }
}
