import { BSON } from 'mongodb'
import type { Document } from 'mongodb'
import type { RecordReference } from './import-rules.ts'
import type {
  DependentCollection,
  WebsiteCollection,
  WebsiteDataPlan,
} from './website-collection.ts'

/** A key as text: strings as they are, other values (ObjectIds) as Extended JSON. */
export const keyText = (value: unknown): string =>
  typeof value === 'string' ? value : BSON.EJSON.stringify(value as Document)

/** The values at a dotted path: an array's items each, nothing where the path is absent. */
export function valuesAt(record: Document, path: string): unknown[] {
  let value: unknown = record
  for (const member of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, member)) return []
    value = (value as Document)[member]
  }
  if (value === undefined || value === null) return []
  return Array.isArray(value) ? value : [value]
}

const slot = (collection: string, key: string) => `${collection}\u0000${key}`

/** A dependent's record names its parent: `foreignKey` holds the parent's `parentKey`. */
export const parentReference = (
  collection: WebsiteCollection,
  dependent: DependentCollection,
): RecordReference => ({
  path: dependent.foreignKey,
  collection: collection.name,
  key: dependent.parentKey,
})

/**
 * The keys of the records an import brought, for the plan's references and its dependents'
 * parents: only the members some reference names (a version's `documentId` needs the
 * documents' `_id`s, not their slugs).
 */
export function createImportedKeys(plan: WebsiteDataPlan) {
  const tracked = new Map<string, Set<string>>()
  const wanted = new Map<string, string[]>()
  const track = (reference: RecordReference) => {
    const key = reference.key ?? '_id'
    const id = slot(reference.collection, key)
    if (tracked.has(id)) return
    tracked.set(id, new Set())
    wanted.set(reference.collection, [...(wanted.get(reference.collection) ?? []), key])
  }
  for (const collection of plan.collections)
    for (const rules of [collection, ...(collection.dependents ?? [])]) {
      for (const reference of rules.references ?? []) track(reference)
      if (rules !== collection && rules.exported)
        track(parentReference(collection, rules as DependentCollection))
    }

  return {
    /** Notes the keys of an inserted (or held) record of `collection`. */
    add(collection: string, record: Document): void {
      for (const key of wanted.get(collection) ?? []) {
        const seen = tracked.get(slot(collection, key))!
        for (const value of valuesAt(record, key)) seen.add(keyText(value))
      }
    },
    /** Whether every value at the reference's path names a record this import brought. */
    has(reference: RecordReference, record: Document): boolean {
      const seen = tracked.get(slot(reference.collection, reference.key ?? '_id'))
      return valuesAt(record, reference.path).every((value) => seen?.has(keyText(value)))
    },
    missingMessage(reference: RecordReference, record: Document): string {
      const seen = tracked.get(slot(reference.collection, reference.key ?? '_id'))
      const value = valuesAt(record, reference.path).find((item) => !seen?.has(keyText(item)))
      return `names ${reference.collection} ${keyText(value)}, which this import does not bring: an import names only its own records`
    },
  }
}
