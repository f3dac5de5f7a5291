import type { TSchema } from '@sinclair/typebox'
import type { Document, Filter, Sort } from 'mongodb'
import type { RecordProblem, RecordReference } from './import-rules.ts'

/**
 * A collection of a service's database as far as a website's lifecycle is concerned: how its
 * records name their website, in what order they are exported, what hangs off them. Each service
 * lists its own collections (`WebsiteDataPlan`) next to the code that writes them; this library
 * purges, exports and imports whatever the list says, copying records as they are stored.
 */
export interface WebsiteCollection extends ImportedRecordRules {
  name: string
  /** How purge progress names it (`fs.files` would be a dotted key in a stored report). */
  label?: string
  /**
   * Dotted paths holding the website id, the first one filtered on (an index must lead with it).
   * An export leaves them out and an import writes the new website's id there, so an export
   * names its website only in its first line.
   */
  ownerPaths: readonly [string, ...string[]]
  /** For `_id`s that embed the website id: the `_id` of a record under `websiteId` (exported without). */
  keyOf?: (record: Document, websiteId: string) => string
  /** The export's order, served by an index after the owner filter; `{_id: 1}` by default. */
  order?: Sort
  /** Index this collection needs for the owner filter and `order`, made at start. */
  index?: Record<string, 1 | -1>
  /** false: purged, never exported (logs, claims, pointers that are not data of the website). */
  exported: boolean
  /** Narrows the export (derived files that are made again on demand). */
  exportFilter?: Filter<Document>
  /** Records that belong to this collection's records: removed before them, exported after them. */
  dependents?: readonly DependentCollection[]
  /** How many of its records one purge batch takes at most (each may carry many dependents). */
  purgeBatch?: number
  /** A record on its way out (after the owner paths are gone): secrets are dropped here. */
  onExport?: (record: Document) => Document
  /** A record on its way in (before the owner paths are set); may add to the import's notes. */
  onImport?: (record: Document, notes: ImportNotes) => Document
  /**
   * Members besides `_id` whose values are ids of their own: an imported record's must not
   * exist in the installation yet. Each gets an index (`import_unique_<member>`).
   */
  uniqueMembers?: readonly string[]
}

/** How an import checks an exported collection's records (docs/lifecycle.md, "Import"). */
export interface ImportedRecordRules {
  /**
   * The record as its export line holds it (Extended JSON text, relaxed, without owner paths):
   * a record that does not match, by a member the schema does not name or a wrong type, is
   * refused. Required for every exported collection.
   */
  importSchema?: TSchema
  /** Values that name other records: each must name one the same import brings. */
  references?: readonly RecordReference[]
  /** What the schema cannot say (ids derived from other members); the record's text form. */
  invariant?: (record: Document) => RecordProblem | undefined
}

/** Records owned through another collection's records: `foreignKey` holds the parent's `parentKey`. */
export interface DependentCollection extends ImportedRecordRules {
  name: string
  label?: string
  foreignKey: string
  parentKey: string
  exported: boolean
  /** The export's order among one batch of parents; its index starts with `foreignKey`. */
  order?: Sort
}

/** What an import reports beyond counts, by topic (`webhookSecrets: [{id, secret}]`). */
export type ImportNotes = Record<string, unknown[]>

/** A service's collections, purged in this order and exported in this order. */
export interface WebsiteDataPlan {
  /** The service's name in export lines and purge reports. */
  service: string
  collections: readonly WebsiteCollection[]
}

export const labelOf = (collection: { name: string; label?: string }): string =>
  collection.label ?? collection.name

export const ownerFilter = (
  collection: WebsiteCollection,
  websiteId: string,
): Filter<Document> => ({
  [collection.ownerPaths[0]]: websiteId,
})

export interface ImportTarget {
  collection: WebsiteCollection
  dependent?: DependentCollection
  /** The place of the collection (of its parent, for a dependent) in the export's order. */
  order: number
}

/** Every collection an import may name, with the parent it hangs off (if any). */
export function importTargets(plan: WebsiteDataPlan): Map<string, ImportTarget> {
  const targets = new Map<string, ImportTarget>()
  plan.collections.forEach((collection, order) => {
    if (!collection.exported) return
    targets.set(collection.name, { collection, order })
    for (const dependent of collection.dependents ?? [])
      if (dependent.exported) targets.set(dependent.name, { collection, dependent, order })
  })
  return targets
}
