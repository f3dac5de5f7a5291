import type { Db, ObjectId } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'

interface PendingMark {
  /** The media id, which is also the GridFS file id of its bytes. */
  _id: string
  since: Date
}

/**
 * `media_pending`: a mark for each media id whose GridFS bytes may outlive their record, put
 * down before an upload streams in and before a delete starts, and taken away once the record
 * is written (or the bytes are gone). A process killed in between leaves the mark, which is how
 * the orphan sweep (orphan-sweep.ts) finds the bytes without reading GridFS itself.
 */
export function createPendingBytes(db: Db) {
  const marks = db.collection<PendingMark>('media_pending')
  const chunks = db.collection<{ _id: ObjectId; files_id: string; n: number }>('fs.chunks')

  return {
    async ensureIndexes(): Promise<void> {
      await marks.createIndex({ since: 1 }, { name: 'since' })
    },

    /** Marks (or marks again) `id` as of `since`. */
    async mark(id: string, since: Date): Promise<void> {
      await marks.updateOne({ _id: id }, { $set: { since } }, { upsert: true })
    },

    /** Marks `id` unless it is marked already: whether this call marked it. */
    async claim(id: string, since: Date): Promise<boolean> {
      try {
        await marks.insertOne({ _id: id, since })
        return true
      } catch (error) {
        if (isDuplicateKeyError(error)) return false
        throw error
      }
    },

    /** Takes the mark away; with `since`, only if nobody marked it again meanwhile. */
    async clear(id: string, since?: Date): Promise<void> {
      await marks.deleteOne(since ? { _id: id, since } : { _id: id })
    },

    /** The oldest marks older than `before`. */
    async before(before: Date, limit: number): Promise<PendingMark[]> {
      return marks
        .find({ since: { $lt: before } })
        .sort({ since: 1 })
        .limit(limit)
        .toArray()
    },

    /**
     * When the last chunk of a GridFS file was written (its ObjectId's time, to the second), or
     * undefined when it has none: an upload still streaming keeps writing chunks.
     */
    async lastChunkAt(fileId: string): Promise<Date | undefined> {
      const [last] = await chunks
        .find({ files_id: fileId }, { projection: { _id: 1 } })
        .sort({ n: -1 })
        .limit(1)
        .toArray()
      return last?._id.getTimestamp()
    },
  }
}

export type PendingBytes = ReturnType<typeof createPendingBytes>
