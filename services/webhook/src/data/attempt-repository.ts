import type { Db } from 'mongodb'
import type { Attempt } from '../domain/delivery.ts'

type AttemptDocument = Omit<Attempt, 'id'> & { _id: string }

export interface AttemptRepository {
  record(attempt: Attempt): Promise<void>
  listByDelivery(deliveryId: string): Promise<Attempt[]>
  removeByWebhook(webhookId: string): Promise<void>
}

export function createAttemptRepository(db: Db): AttemptRepository {
  const collection = db.collection<AttemptDocument>('attempts')
  return {
    async record({ id, ...rest }) {
      await collection.insertOne({ _id: id, ...rest })
    },
    async listByDelivery(deliveryId) {
      const documents = await collection
        .find({ deliveryId })
        .sort({ startedAt: 1, _id: 1 })
        .toArray()
      return documents.map(({ _id, ...rest }) => ({ id: _id, ...rest }))
    },
    async removeByWebhook(webhookId) {
      await collection.deleteMany({ webhookId })
    },
  }
}
