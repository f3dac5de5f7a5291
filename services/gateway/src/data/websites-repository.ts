import type { Db } from 'mongodb'
import type { Website } from '../domain/website.ts'
import type { QuotaOverride } from '../domain/website-quotas.ts'

interface WebsiteDocument {
  _id: string
  name: string
  createdAt: Date
  quotas?: QuotaOverride
  /** The website an import copied (the id in its export's first line). */
  importedFrom?: string
}

export interface WebsitesRepository {
  ensureIndexes(): Promise<void>
  insert(website: Website): Promise<void>
  findById(id: string): Promise<Website | undefined>
  list(): Promise<Website[]>
  rename(id: string, name: string): Promise<Website | undefined>
  remove(id: string): Promise<boolean>
  /** A website imported from the export of `sourceId`, if any. */
  findImportedFrom(sourceId: string): Promise<Website | undefined>
  /** Replaces the website's quota override; undefined when the website does not exist. */
  setQuotas(id: string, quotas: QuotaOverride): Promise<Website | undefined>
}

const toWebsite = (doc: WebsiteDocument): Website => ({
  id: doc._id,
  name: doc.name,
  createdAt: doc.createdAt,
  ...(doc.quotas && { quotas: doc.quotas }),
  ...(doc.importedFrom && { importedFrom: doc.importedFrom }),
})

export function createWebsitesRepository(db: Db): WebsitesRepository {
  const websites = db.collection<WebsiteDocument>('websites')
  return {
    async ensureIndexes() {
      await websites.createIndex({ createdAt: 1, _id: 1 })
      await websites.createIndex({ importedFrom: 1 }, { name: 'imported_from' })
    },
    async insert(website) {
      await websites.insertOne({
        _id: website.id,
        name: website.name,
        createdAt: website.createdAt,
        ...(website.quotas && { quotas: website.quotas }),
        ...(website.importedFrom && { importedFrom: website.importedFrom }),
      })
    },
    async findImportedFrom(sourceId) {
      const doc = await websites.findOne({ importedFrom: sourceId })
      return doc ? toWebsite(doc) : undefined
    },
    async findById(id) {
      const doc = await websites.findOne({ _id: id })
      return doc ? toWebsite(doc) : undefined
    },
    async list() {
      const docs = await websites.find({}).sort({ createdAt: 1, _id: 1 }).toArray()
      return docs.map(toWebsite)
    },
    async rename(id, name) {
      const doc = await websites.findOneAndUpdate(
        { _id: id },
        { $set: { name } },
        { returnDocument: 'after' },
      )
      return doc ? toWebsite(doc) : undefined
    },
    async setQuotas(id, quotas) {
      const doc = await websites.findOneAndUpdate(
        { _id: id },
        { $set: { quotas } },
        { returnDocument: 'after' },
      )
      return doc ? toWebsite(doc) : undefined
    },
    async remove(id) {
      const result = await websites.deleteOne({ _id: id })
      return result.deletedCount > 0
    },
  }
}
