import type { Db } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'
import { currentDelivery, latestAttempt } from '../domain/delivery.ts'
import type { Attempt, Delivery } from '../domain/delivery.ts'

type DeliveryDocument = Omit<Delivery, 'id'> & { _id: string }
type AttemptDocument = Omit<Attempt, 'id'> & { _id: string }

/** What ending a delivery without an attempt changes (the webhook or the payload is gone). */
export type DeliveryClosing = Pick<Delivery, 'status' | 'lastError' | 'nextAttemptAt' | 'updatedAt'>

export interface DeliveryPage {
  docs: Delivery[]
  totalDocs: number
}

/**
 * Deliveries and their attempts. A delivery record is written when the delivery is created and
 * at most once more, when it ends without an attempt; every attempt is appended with the status
 * it left the delivery in, and reads combine the two. Nothing is updated per attempt: on
 * FerretDB an update by `_id` scans the collection while holding the database's write lock, and
 * one per attempt was what limited delivery throughput (docs/webhooks.md).
 */
export interface DeliveryRepository {
  /**
   * Inserts each delivery unless one with the same id exists; either way returns the stored
   * ones, in order. `created: false` may also mean created by this call (after a duplicate the
   * batch is retried one by one), which callers treat the same.
   */
  insertAllOnce(batch: Delivery[]): Promise<Array<{ delivery: Delivery; created: boolean }>>
  /** The delivery as its latest attempt left it. */
  findById(id: string): Promise<Delivery | undefined>
  recordAttempt(attempt: Attempt): Promise<void>
  close(id: string, closing: DeliveryClosing): Promise<void>
  /** Newest first. */
  pageByWebhook(webhookId: string, page: { skip: number; limit: number }): Promise<DeliveryPage>
  /** Oldest first. */
  attemptsOf(deliveryId: string): Promise<Attempt[]>
  removeByWebhook(webhookId: string): Promise<void>
}

const toDelivery = ({ _id, ...rest }: DeliveryDocument): Delivery => ({ id: _id, ...rest })
const toAttempt = ({ _id, ...rest }: AttemptDocument): Attempt => ({ id: _id, ...rest })

export function createDeliveryRepository(db: Db): DeliveryRepository {
  const deliveries = db.collection<DeliveryDocument>('deliveries')
  const attempts = db.collection<AttemptDocument>('attempts')

  const attemptsOf = async (deliveryId: string) =>
    (await attempts.find({ deliveryId }).sort({ startedAt: 1, _id: 1 }).toArray()).map(toAttempt)

  async function withLatestAttempts(records: Delivery[]): Promise<Delivery[]> {
    if (records.length === 0) return []
    const found = await attempts.find({ deliveryId: { $in: records.map((r) => r.id) } }).toArray()
    const byDelivery = new Map<string, Attempt[]>()
    for (const attempt of found.map(toAttempt)) {
      const list = byDelivery.get(attempt.deliveryId) ?? []
      list.push(attempt)
      byDelivery.set(attempt.deliveryId, list)
    }
    return records.map((record) =>
      currentDelivery(record, latestAttempt(byDelivery.get(record.id) ?? [])),
    )
  }

  const findById = async (id: string) => {
    const [document, attempted] = await Promise.all([
      deliveries.findOne({ _id: id }),
      attemptsOf(id),
    ])
    return document ? currentDelivery(toDelivery(document), latestAttempt(attempted)) : undefined
  }

  async function insertOnce(delivery: Delivery) {
    const { id, ...rest } = delivery
    try {
      await deliveries.insertOne({ _id: id, ...rest })
      return { delivery, created: true }
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
      const existing = await findById(id)
      if (!existing) throw error
      return { delivery: existing, created: false }
    }
  }

  return {
    async insertAllOnce(batch) {
      try {
        // One write for the whole batch: on FerretDB one transaction instead of one per delivery.
        await deliveries.insertMany(batch.map(({ id, ...rest }) => ({ _id: id, ...rest })))
        return batch.map((delivery) => ({ delivery, created: true }))
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
      }
      return Promise.all(batch.map(insertOnce))
    },
    findById,
    async recordAttempt({ id, ...rest }) {
      await attempts.insertOne({ _id: id, ...rest })
    },
    async close(id, closing) {
      await deliveries.updateOne({ _id: id }, { $set: closing })
    },
    async pageByWebhook(webhookId, { skip, limit }) {
      const [documents, totalDocs] = await Promise.all([
        deliveries
          .find({ webhookId })
          .sort({ createdAt: -1, _id: -1 })
          .skip(skip)
          .limit(limit)
          .toArray(),
        deliveries.countDocuments({ webhookId }),
      ])
      return { docs: await withLatestAttempts(documents.map(toDelivery)), totalDocs }
    },
    attemptsOf,
    async removeByWebhook(webhookId) {
      await deliveries.deleteMany({ webhookId })
      await attempts.deleteMany({ webhookId })
    },
  }
}
