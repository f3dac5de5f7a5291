import type { StoredDocument } from '../document/document.ts'
import { includesType } from './visible-types.ts'
import type { VisibleTypes } from './visible-types.ts'

/**
 * The ids a refused delete names of the documents that still use what it deletes (`docs`, one
 * more than `limit` read): `: a, b and more`, only those of `types`; '' when it names none, so
 * a document the caller may not see is never named.
 */
export function referrerList(
  docs: ReadonlyArray<Pick<Partial<StoredDocument>, '_id' | 'type'>>,
  types: VisibleTypes,
  limit: number,
): string {
  const first = docs.slice(0, limit)
  const named = first.filter((doc) => includesType(types, doc.type)).map((doc) => doc._id!)
  if (named.length === 0) return ''
  const more = docs.length > limit || named.length < first.length
  return `: ${named.join(', ')}${more ? ' and more' : ''}`
}
