import type { Db } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'

/**
 * Pointers to version records whose events may be unsent, so the relay reads a small collection
 * instead of scanning every version (a full scan on FerretDB). Written before the version's
 * insert; the version record itself stays the event's durable copy.
 */
export interface OutboxPointer {
  _id: string
  documentId: string
  createdAt: Date
}

export interface OutboxRepository {
  /** Idempotent: racing writers of the same version share one pointer. */
  add(pointer: OutboxPointer): Promise<void>
  oldest(limit: number): Promise<OutboxPointer[]>
  remove(id: string): Promise<void>
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
    oldest: (limit) => pointers.find({}).sort({ createdAt: 1, _id: 1 }).limit(limit).toArray(),
    async remove(id) {
      await pointers.deleteOne({ _id: id })
    },
  }
}
