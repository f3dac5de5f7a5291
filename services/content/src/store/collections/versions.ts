import type { Db } from 'mongodb'
import { insertUnlessTaken } from '@cms/mongo'
import type { StoredVersion } from '../../domain/document.ts'

export interface VersionsCollection {
  /** The commit point of a change: false when that version number is already taken. */
  insert(record: StoredVersion): Promise<boolean>
  findById(id: string): Promise<StoredVersion | null>
  /** The listed history of a document, newest first, and its total. */
  history(
    documentId: string,
    page: { skip: number; limit: number },
  ): Promise<{ records: StoredVersion[]; total: number }>
  /** A deleted document's history below `version`, except `unsent` (records still in the outbox). */
  deleteSentBelow(documentId: string, version: number, unsent: readonly string[]): Promise<void>
}

export function versionsCollection(db: Db): VersionsCollection {
  const versions = db.collection<StoredVersion>('versions')
  const listed = (documentId: string) => ({ documentId, reason: { $ne: 'delete' as const } })
  return {
    insert: (record) => insertUnlessTaken(versions, record),
    findById: (id) => versions.findOne({ _id: id }),
    async history(documentId, page) {
      const [records, total] = await Promise.all([
        versions
          .find(listed(documentId))
          .sort({ version: -1 })
          .skip(page.skip)
          .limit(page.limit)
          .toArray(),
        versions.countDocuments(listed(documentId)),
      ])
      return { records, total }
    },
    async deleteSentBelow(documentId, version, unsent) {
      await versions.deleteMany({
        documentId,
        version: { $lt: version },
        _id: { $nin: [...unsent] },
      })
    },
  }
}
