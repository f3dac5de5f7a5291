import type { Db, Document } from 'mongodb'
import { recordLine } from './export-format.ts'
import { withoutOwner } from './owner-paths.ts'
import { ownerFilter } from './website-collection.ts'
import type { DependentCollection, WebsiteDataPlan } from './website-collection.ts'

/** Parents read before their dependents are: GridFS files before their chunks. */
const PARENTS_PER_BATCH = 20
/** A dependent may be a 255 KiB GridFS chunk: the driver holds this many in memory at most. */
const DEPENDENTS_PER_READ = 16

/**
 * The website's records of every exported collection, one NDJSON line each, in plan order and,
 * within a collection, in its export order; dependents follow each batch of their parents.
 * Records are copied as stored, less their owner paths (and `onExport`'s changes).
 */
export async function* exportRecords(
  db: Db,
  plan: WebsiteDataPlan,
  websiteId: string,
): AsyncGenerator<string> {
  for (const collection of plan.collections) {
    if (!collection.exported) continue
    const dependents = (collection.dependents ?? []).filter((dependent) => dependent.exported)
    const cursor = db
      .collection(collection.name)
      .find({ ...ownerFilter(collection, websiteId), ...collection.exportFilter })
      .sort(collection.order ?? { _id: 1 })
    const line = (record: Document) => {
      const exported = withoutOwner(record, collection)
      return recordLine({
        service: plan.service,
        collection: collection.name,
        record: collection.onExport ? collection.onExport(exported) : exported,
      })
    }
    if (dependents.length === 0) {
      for await (const record of cursor) yield line(record)
      continue
    }
    let batch: Document[] = []
    for await (const record of cursor) {
      batch.push(record)
      if (batch.length < PARENTS_PER_BATCH) continue
      yield* withDependents(db, plan, dependents, batch, line)
      batch = []
    }
    if (batch.length > 0) yield* withDependents(db, plan, dependents, batch, line)
  }
}

async function* withDependents(
  db: Db,
  plan: WebsiteDataPlan,
  dependents: readonly DependentCollection[],
  parents: readonly Document[],
  line: (record: Document) => string,
): AsyncGenerator<string> {
  for (const parent of parents) yield line(parent)
  for (const dependent of dependents) {
    const keys = parents.map((parent) => parent[dependent.parentKey] as unknown)
    const cursor = db
      .collection(dependent.name)
      .find({ [dependent.foreignKey]: { $in: keys } })
      .sort(dependent.order ?? { [dependent.foreignKey]: 1, _id: 1 })
      .batchSize(DEPENDENTS_PER_READ)
    for await (const record of cursor)
      yield recordLine({ service: plan.service, collection: dependent.name, record })
  }
}
