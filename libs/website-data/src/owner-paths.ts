import type { Document } from 'mongodb'
import type { WebsiteCollection } from './website-collection.ts'

const isPlainObject = (value: unknown): value is Document =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype

/** A copy of `record` without the member at `path` (parents are copied, never changed). */
function without(record: Document, path: readonly string[]): Document {
  const [head, ...rest] = path
  if (head === undefined || !(head in record)) return record
  if (rest.length === 0) {
    const { [head]: _gone, ...kept } = record
    return kept
  }
  const child = record[head]
  return isPlainObject(child) ? { ...record, [head]: without(child, rest) } : record
}

/** A copy of `record` with `value` at `path`, where the path's parents exist. */
function withValue(record: Document, path: readonly string[], value: unknown): Document {
  const [head, ...rest] = path
  if (head === undefined) return record
  if (rest.length === 0) return { ...record, [head]: value }
  const child = record[head]
  return isPlainObject(child) ? { ...record, [head]: withValue(child, rest, value) } : record
}

/**
 * The record as exported: its owner paths gone and, when its `_id` embeds the website, its
 * `_id` too, so an export of one website and of its imported copy are the same bytes.
 */
export function withoutOwner(record: Document, collection: WebsiteCollection): Document {
  let result = collection.keyOf ? without(record, ['_id']) : record
  for (const path of collection.ownerPaths) result = without(result, path.split('.'))
  return result
}

/**
 * The record as imported into `websiteId`: top-level owner members (and a derived `_id`) first,
 * nested owner paths set where their parent object exists.
 */
export function withOwner(
  record: Document,
  collection: WebsiteCollection,
  websiteId: string,
): Document {
  const topLevel = collection.ownerPaths.filter((path) => !path.includes('.'))
  const nested = collection.ownerPaths.filter((path) => path.includes('.'))
  const head: Document = {}
  if (collection.keyOf) head._id = collection.keyOf(record, websiteId)
  else if ('_id' in record) head._id = record._id
  for (const path of topLevel) head[path] = websiteId
  let result: Document = { ...head, ...withoutKeys(record, Object.keys(head)) }
  for (const path of nested) result = withValue(result, path.split('.'), websiteId)
  return result
}

function withoutKeys(record: Document, keys: readonly string[]): Document {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)))
}
