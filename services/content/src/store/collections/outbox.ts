import type { Db } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'

/**
 * Pointers to version records whose events are unsent, so the relay reads a small collection
 * instead of scanning every version (a full scan on FerretDB). Each commit attempt writes its
 * own pointer, keyed by the event id it planned, before inserting the version record; the
 * pointer is removed once the broker confirmed the event, or as soon as the attempt lost its
 * race. A record's event is unsent exactly while a pointer with its event id exists. The
 * version record itself stays the event's durable copy.
 */
export interface OutboxPointer {
  /** The planned event's id. */
  _id: string
  versionId: string
  documentId: string
  websiteId: string
  createdAt: Date
}

export interface OutboxRepository {
  /** Idempotent. */
  add(pointer: OutboxPointer): Promise<void>
  oldest(limit: number): Promise<OutboxPointer[]>
  /** The version ids a document's pointers name (their events may be unsent). */
  unsentOf(documentId: string): Promise<string[]>
  /** One write for any number of pointers. */
  remove(ids: readonly string[]): Promise<void>
}

export function createOutboxRepository(db: Db): OutboxRepository {
  const pointers = db.collection<OutboxPointer>('outbox')
  return {
    async add(pointer) {
      try {
        await pointers.insertOne(pointer)
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
      }
    },
    oldest: (limit) =>
      pointers.find({}).sort({ createdAt: 1, versionId: 1 }).limit(limit).toArray(),
    async unsentOf(documentId) {
      const found = await pointers.find({ documentId }, { projection: { versionId: 1 } }).toArray()
      return found.map((pointer) => pointer.versionId)
    },
    async remove(ids) {
      if (ids.length > 0) await pointers.deleteMany({ _id: { $in: [...ids] } })
    },
  }
}
