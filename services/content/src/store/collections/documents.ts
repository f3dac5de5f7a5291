import type { Db, Document, Filter, Sort } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'
import type { StoredDocument } from '../domain/document.ts'

export interface DocumentPageQuery {
  filter: Record<string, unknown>
  sort: ReadonlyArray<readonly [string, 1 | -1]>
  skip: number
  limit: number
  projection?: Record<string, 0 | 1>
}

export interface DocumentsRepository {
  findById(id: string): Promise<StoredDocument | null>
  /** The first version of a document; false when it is already there. */
  insertIfAbsent(document: StoredDocument): Promise<boolean>
  /** Brings the stored document up to `document.version`; false when it is not older (or gone). */
  replaceIfOlder(document: StoredDocument): Promise<boolean>
  /** Deletes by `_id` alone (the website is for the caller's bookkeeping); false when it was gone. */
  remove(document: Pick<StoredDocument, '_id' | 'websiteId'>): Promise<boolean>
  /** One page and the total count, queried in parallel. */
  page(query: DocumentPageQuery): Promise<{ docs: Partial<StoredDocument>[]; total: number }>
  /** One page without the count, when the total is known (domain/count-cache.ts). */
  pageOnly?(query: DocumentPageQuery): Promise<Partial<StoredDocument>[]>
}

export function createDocumentsRepository(db: Db): DocumentsRepository {
  const documents = db.collection<StoredDocument>('documents')
  const pageOnly = async (query: DocumentPageQuery) =>
    (await documents
      .find(
        query.filter as Filter<StoredDocument>,
        query.projection ? { projection: query.projection as Document } : {},
      )
      .sort(query.sort as Sort)
      .skip(query.skip)
      .limit(query.limit)
      .toArray()) as Partial<StoredDocument>[]
  return {
    findById: (id) => documents.findOne({ _id: id }),
    async insertIfAbsent(document) {
      try {
        await documents.insertOne(document)
        return true
      } catch (error) {
        if (isDuplicateKeyError(error)) return false
        throw error
      }
    },
    async replaceIfOlder(document) {
      // Read, compare, then replace by `_id` alone: FerretDB pushes only an `_id`-only filter down
      // to SQLite and scans the whole collection for `{_id, version}`, and its conditional
      // replace is not atomic anyway. A replace that lands out of order is walked forward by
      // the committer (change-committer.ts `catchUp`), on MongoDB as on FerretDB.
      const stored = await documents.findOne({ _id: document._id }, { projection: { version: 1 } })
      if (!stored || stored.version >= document.version) return false
      const result = await documents.replaceOne({ _id: document._id }, document)
      return result.matchedCount > 0
    },
    async remove(document) {
      return (await documents.deleteOne({ _id: document._id })).deletedCount > 0
    },
    async page(query) {
      const [docs, total] = await Promise.all([
        pageOnly(query),
        documents.countDocuments(query.filter as Filter<StoredDocument>),
      ])
      return { docs, total }
    },
    pageOnly,
  }
}
