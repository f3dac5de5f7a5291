import type { Db } from 'mongodb'
import type { WebsiteDataPlan } from './website-collection.ts'

/** The indexes the plan's owner filters and export orders rely on; one `createIndex` each. */
export async function ensureWebsiteDataIndexes(db: Db, plan: WebsiteDataPlan): Promise<void> {
  for (const collection of plan.collections) {
    if (!collection.index) continue
    await db.collection(collection.name).createIndex(collection.index, { name: 'website_records' })
  }
}
