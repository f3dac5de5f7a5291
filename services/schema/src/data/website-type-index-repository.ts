import type { Db } from 'mongodb'
import type { WebsiteTypeIndex } from '../domain/website-type-index.ts'

interface IndexRecord {
  _id: string
  names: string[]
  revision: number
  /** Set once every type stored before the index existed has been added. */
  complete?: boolean
}

/** One small document per website, read and written by `_id` only. */
export function createWebsiteTypeIndexRepository(db: Db): WebsiteTypeIndex {
  const index = db.collection<IndexRecord>('website_type_index')
  const change = (websiteId: string, update: Record<string, unknown>) =>
    index.updateOne({ _id: websiteId }, { ...update, $inc: { revision: 1 } }, { upsert: true })
  return {
    async read(websiteId) {
      const found = await index.findOne({ _id: websiteId })
      return found?.complete ? { names: found.names, revision: found.revision } : undefined
    },
    async add(websiteId, name) {
      await change(websiteId, { $addToSet: { names: name } })
    },
    async drop(websiteId, name) {
      await change(websiteId, { $pull: { names: name } })
    },
    async touch(websiteId) {
      await change(websiteId, {})
    },
    async rebuild(websiteId, names) {
      await change(websiteId, {
        $addToSet: { names: { $each: [...names] } },
        $set: { complete: true },
      })
    },
  }
}
