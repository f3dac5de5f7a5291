import type { ErrorDetail } from '@cms/errors'
import {
  ALL_DERIVED_MEMBERS,
  DATA_PREFIX,
  DERIVED_MEMBERS,
  isDerivedMember,
} from './base-columns.ts'
import type { DerivedMember, DerivedMembers } from './base-columns.ts'
import { commaList } from './comma-list.ts'
import type { FieldCatalog } from './field-catalog.ts'
import { QUERY_LIMITS } from './query-limits.ts'
import { quoteValue } from './quote-value.ts'

export type Projection = Record<string, 0 | 1>

function resolve(name: string, catalog: FieldCatalog): { path: string } | { message: string } {
  if (name === 'data') return { path: 'data' }
  const lookup = catalog.lookupForProjection(name)
  return lookup.ok ? { path: lookup.field.path } : { message: lookup.message }
}

/** Naming all of `data` covers its fields; MongoDB refuses `data` and `data.title` together. */
function withoutCoveredPaths(paths: readonly string[]): string[] {
  const unique = [...new Set(paths)]
  return unique.includes('data') ? unique.filter((path) => !path.startsWith(DATA_PREFIX)) : unique
}

/**
 * `fields=slug,title` keeps only those (and the id); `fields=-data.body` drops those. Names that
 * are not base columns are data fields. The projection keeps the document's shape. Computed
 * members (`hasPendingDraft`, ...) follow the same rule: `derived` says which the answer shows;
 * an excluded one is dropped from the answer, not from the read, which computes others from it.
 */
export function readFields(
  raw: unknown,
  catalog: FieldCatalog,
): { projection: Projection | undefined; derived: DerivedMembers; issues: ErrorDetail[] } {
  const all = { projection: undefined, derived: ALL_DERIVED_MEMBERS }
  if (raw === undefined || raw === '') return { ...all, issues: [] }
  const items = commaList(raw)
  if (items === undefined) {
    return {
      ...all,
      issues: [{ path: 'fields', message: 'fields takes a comma-separated list of names' }],
    }
  }
  if (items.length > QUERY_LIMITS.maxFieldNames) {
    const message = `fields takes at most ${QUERY_LIMITS.maxFieldNames} names`
    return { ...all, issues: [{ path: 'fields', message }] }
  }
  const issues: ErrorDetail[] = []
  const excluding = items.filter((item) => item.startsWith('-')).length
  if (excluding > 0 && excluding < items.length) {
    issues.push({
      path: 'fields',
      message: 'fields are either all included (title) or all excluded (-title), not both',
    })
  }
  const exclude = excluding === items.length
  const paths: string[] = []
  const named = new Set<DerivedMember>()
  for (const item of items) {
    const name = item.startsWith('-') ? item.slice(1) : item
    if (isDerivedMember(name)) {
      named.add(name)
      if (!exclude) paths.push(DERIVED_MEMBERS[name])
      continue
    }
    const resolved =
      name === '' ? { message: `${quoteValue(item)} is not a field name` } : resolve(name, catalog)
    if ('message' in resolved) issues.push({ path: 'fields', message: resolved.message })
    else if (exclude && resolved.path === '_id') {
      issues.push({ path: 'fields', message: 'id is always returned' })
    } else paths.push(resolved.path)
  }
  if (issues.length > 0) return { ...all, issues }
  const derived = exclude
    ? new Set([...ALL_DERIVED_MEMBERS].filter((member) => !named.has(member)))
    : named
  const kept = withoutCoveredPaths(paths)
  if (exclude && kept.length === 0) return { projection: undefined, derived, issues }
  const projection: Projection = exclude ? {} : { _id: 1 }
  for (const path of kept) projection[path] = exclude ? 0 : 1
  return { projection, derived, issues }
}
