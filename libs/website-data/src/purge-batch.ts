import type { Db, Document } from 'mongodb'
import { labelOf, ownerFilter } from './website-collection.ts'
import type { WebsiteDataPlan } from './website-collection.ts'

export interface PurgeBatchResult {
  /** True when nothing of the website was left in any collection of the plan. */
  done: boolean
  /** What this batch removed, by collection label (one collection per batch). */
  removed: Record<string, number>
}

/**
 * Removes one batch of the website's records: at most `limit` records of the first collection
 * (in plan order) that still holds any, a record's dependents before the record itself. Every
 * step finds ids first and deletes by id, so no single command runs long whatever the website's
 * size, and a batch repeated after a crash removes nothing twice.
 */
export async function purgeBatch(
  db: Db,
  plan: WebsiteDataPlan,
  websiteId: string,
  limit: number,
): Promise<PurgeBatchResult> {
  for (const collection of plan.collections) {
    const dependents = collection.dependents ?? []
    const projection = Object.fromEntries(
      ['_id', ...dependents.map((dependent) => dependent.parentKey)].map((key) => [key, 1]),
    )
    const owner = ownerFilter(collection, websiteId)
    const parents = await db
      .collection(collection.name)
      .find(owner, { projection })
      .limit(Math.min(limit, collection.purgeBatch ?? limit))
      .toArray()
    if (parents.length === 0) continue
    for (const dependent of dependents) {
      const keys = parents.map((parent) => parent[dependent.parentKey] as unknown)
      const found = await db
        .collection(dependent.name)
        .find({ [dependent.foreignKey]: { $in: keys } }, { projection: { _id: 1 } })
        .limit(limit)
        .toArray()
      if (found.length === 0) continue
      const removed = await db
        .collection(dependent.name)
        .deleteMany({ _id: { $in: found.map((record: Document) => record._id) } } as Document)
      return { done: false, removed: { [labelOf(dependent)]: removed.deletedCount } }
    }
    const removed = await db
      .collection(collection.name)
      .deleteMany({ ...owner, _id: { $in: parents.map((parent) => parent._id) } } as Document)
    return { done: false, removed: { [labelOf(collection)]: removed.deletedCount } }
  }
  return { done: true, removed: {} }
}
