import type { Db } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'
import type { Delivery } from '../domain/delivery.ts'

type DeliveryDocument = Omit<Delivery, 'id'> & { _id: string }

export type DeliveryChanges = Partial<
  Pick<
    Delivery,
    'status' | 'attempts' | 'lastStatusCode' | 'lastError' | 'nextAttemptAt' | 'updatedAt'
  >
>

export interface DeliveryPage {
  docs: Delivery[]
  totalDocs: number
}

export interface DeliveryRepository {
  /** Inserts unless a delivery with the same id exists; either way returns the stored one. */
  insertOnce(delivery: Delivery): Promise<{ delivery: Delivery; created: boolean }>
  findById(id: string): Promise<Delivery | undefined>
  update(id: string, changes: DeliveryChanges): Promise<void>
  /** Newest first. */
  pageByWebhook(webhookId: string, page: { skip: number; limit: number }): Promise<DeliveryPage>
  removeByWebhook(webhookId: string): Promise<void>
}

const toDelivery = ({ _id, ...rest }: DeliveryDocument): Delivery => ({ id: _id, ...rest })

export function createDeliveryRepository(db: Db): DeliveryRepository {
  const collection = db.collection<DeliveryDocument>('deliveries')
  const findById = async (id: string) => {
    const document = await collection.findOne({ _id: id })
    return document ? toDelivery(document) : undefined
  }
  return {
    async insertOnce(delivery) {
      const { id, ...rest } = delivery
      try {
        await collection.insertOne({ _id: id, ...rest })
        return { delivery, created: true }
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
        const existing = await findById(id)
        if (!existing) throw error
        return { delivery: existing, created: false }
      }
    },
    findById,
    async update(id, changes) {
      await collection.updateOne({ _id: id }, { $set: changes })
    },
    async pageByWebhook(webhookId, { skip, limit }) {
      const [documents, totalDocs] = await Promise.all([
        collection
          .find({ webhookId })
          .sort({ createdAt: -1, _id: -1 })
          .skip(skip)
          .limit(limit)
          .toArray(),
        collection.countDocuments({ webhookId }),
      ])
      return { docs: documents.map(toDelivery), totalDocs }
    },
    async removeByWebhook(webhookId) {
      await collection.deleteMany({ webhookId })
    },
  }
}
