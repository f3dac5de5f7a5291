import type { Db } from 'mongodb'
import { groupedInsertUnlessTaken } from '@cms/mongo'
import type { StoredVersion } from '../../document/document.ts'

export interface VersionsCollection {
  /** The commit point of a change: false when that version number is already taken. */
  insert(record: StoredVersion): Promise<boolean>
  /** The website's record of that id; null for another website's. */
  findById(websiteId: string, id: string): Promise<StoredVersion | null>
  /** The website's records among `ids`, in one query. */
  findMany(websiteId: string, ids: readonly string[]): Promise<StoredVersion[]>
  /** The listed history of the website's document, newest first, and its total. */
  history(
    websiteId: string,
    documentId: string,
    page: { skip: number; limit: number },
  ): Promise<{ records: StoredVersion[]; total: number }>
  /** A deleted document's history below `version`, except `unsent` (records still in the outbox). */
  deleteSentBelow(
    websiteId: string,
    documentId: string,
    version: number,
    unsent: readonly string[],
  ): Promise<void>
}

/**
 * Every read and write names the website (docs/lifecycle.md, "Import"): a record of another
 * website never shows, whatever its id. A read by id filters on `_id` alone and checks the
 * website on the record (FerretDB pushes down only `_id`-only finds); the rest filter on both.
 */

export function versionsCollection(db: Db): VersionsCollection {
  const versions = db.collection<StoredVersion>('versions')
  const listed = (websiteId: string, documentId: string) => ({
    documentId,
    websiteId,
    reason: { $ne: 'delete' as const },
  })
  return {
    insert: groupedInsertUnlessTaken(versions),
    async findById(websiteId, id) {
      const found = await versions.findOne({ _id: id })
      return found?.websiteId === websiteId ? found : null
    },
    async findMany(websiteId, ids) {
      if (ids.length === 0) return []
      const found = await versions.find({ _id: { $in: [...ids] } }).toArray()
      return found.filter((record) => record.websiteId === websiteId)
    },
    async history(websiteId, documentId, page) {
      const [records, total] = await Promise.all([
        versions
          .find(listed(websiteId, documentId))
          .sort({ version: -1 })
          .skip(page.skip)
          .limit(page.limit)
          .toArray(),
        versions.countDocuments(listed(websiteId, documentId)),
      ])
      return { records, total }
    },
    async deleteSentBelow(websiteId, documentId, version, unsent) {
      await versions.deleteMany({
        documentId,
        websiteId,
        version: { $lt: version },
        _id: { $nin: [...unsent] },
      })
    },
  }
}
