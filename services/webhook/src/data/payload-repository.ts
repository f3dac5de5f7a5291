import type { Db } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'

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

export function createPayloadRepository(db: Db): PayloadRepository {
  const collection = db.collection<PayloadDocument>('payloads')
  return {
    async saveOnce({ id, ...rest }) {
      try {
        await collection.insertOne({ _id: id, ...rest })
        return true
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
        return false
      }
    },
    async find(id) {
      const document = await collection.findOne({ _id: id })
      if (!document) return undefined
      const { _id, ...rest } = document
      return { id: _id, ...rest }
    },
  }
}
