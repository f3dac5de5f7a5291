import type { Db } from 'mongodb'
import type { WebsiteDataPlan } from './website-collection.ts'

/**
 * The indexes the plan's owner filters, export orders and an import's unique members rely on;
 * one `createIndex` each.
 */
export async function ensureWebsiteDataIndexes(db: Db, plan: WebsiteDataPlan): Promise<void> {
  for (const collection of plan.collections) {
    for (const member of collection.uniqueMembers ?? [])
      await db
        .collection(collection.name)
        .createIndex({ [member]: 1 }, { name: `import_unique_${member}` })
    if (!collection.index) continue
    await db.collection(collection.name).createIndex(collection.index, { name: 'website_records' })
  }
}
