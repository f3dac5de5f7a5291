import type { Db } from 'mongodb'
import { groupCommit, insertAllUnlessTaken } from '@cms/mongo'

/** The exact request body of a delivery, kept as text so every attempt signs and sends the same bytes. */
export interface StoredPayload {
  id: string
  websiteId: string
  body: string
  createdAt: string
}

type PayloadDocument = Omit<StoredPayload, 'id'> & { _id: string }

export interface PayloadRepository {
  /**
   * Keeps the first body stored under an id (a redelivered event must not change what is
   * signed); true when this call stored it.
   */
  saveOnce(payload: StoredPayload): Promise<boolean>
  find(id: string): Promise<StoredPayload | undefined>
}

/** Payloads stored together at most (group commit, as the deliveries of the same events are). */
const PAYLOADS_PER_WRITE = 50

export function createPayloadRepository(db: Db): PayloadRepository {
  const collection = db.collection<PayloadDocument>('payloads')
  /** One write for the payloads in hand; false for one whose id is taken. */
  const insertAll = (payloads: StoredPayload[]) =>
    insertAllUnlessTaken(
      collection,
      payloads.map(({ id, ...rest }) => ({ _id: id, ...rest })),
    )
  return {
    saveOnce: groupCommit(insertAll, { maxItems: PAYLOADS_PER_WRITE }),
    async find(id) {
      const document = await collection.findOne({ _id: id })
      if (!document) return undefined
      const { _id, ...rest } = document
      return { id: _id, ...rest }
    },
  }
}
