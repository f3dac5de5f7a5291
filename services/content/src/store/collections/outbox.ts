import type { Db } from 'mongodb'
import type { AuditRecord } from '@cms/audit'
import type { EntryEventMessage } from '@cms/events'
import { groupedInsertUnlessTaken } from '@cms/mongo'

/**
 * The event of version record `versionId`, unsent while this pointer exists (docs/content.md):
 * built at commit time, published as it is.
 */
export interface OutboxPointer {
  /** The planned event's id. */
  _id: string
  versionId: string
  documentId: string
  websiteId: string
  createdAt: Date
  /**
   * The event as published (`document` in the API's shape), built when the change committed;
   * absent only on pointers written before that (drain the outbox before upgrading).
   */
  message?: EntryEventMessage
  /** The W3C trace of the request that made the change; its event carries it on. */
  traceparent?: string
  /** The change's audit record, appended by the relay before the event goes (docs/audit.md). */
  audit?: AuditRecord
}

export interface OutboxCollection {
  /** Idempotent. */
  add(pointer: OutboxPointer): Promise<void>
  oldest(limit: number): Promise<OutboxPointer[]>
  /** The version ids a document's pointers name (their events may be unsent). */
  unsentOf(documentId: string): Promise<string[]>
  /** One write for any number of pointers. */
  remove(ids: readonly string[]): Promise<void>
}

export function outboxCollection(db: Db): OutboxCollection {
  const pointers = db.collection<OutboxPointer>('outbox')
  const insert = groupedInsertUnlessTaken(pointers)
  return {
    async add(pointer) {
      await insert(pointer)
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
