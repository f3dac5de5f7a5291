import type { Db } from 'mongodb'
import { groupCommit, insertAllUnlessTaken } from '@cms/mongo'
import { currentDelivery, latestAttempt } from '../domain/delivery.ts'
import { attemptIdFor } from '../domain/delivery-id.ts'
import type { Attempt, Delivery } from '../domain/delivery.ts'

/**
 * Attempts recorded together at most (group commit): under load the runner's attempts cost one
 * insert per batch instead of one each; on FerretDB's few writer connections the number of
 * commands, not their size, set the delivery rate (docs/webhooks.md).
 */
const ATTEMPTS_PER_WRITE = 200
/** Events whose deliveries are inserted together at most. */
const EVENTS_PER_WRITE = 50

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
   * ones, in order, a taken one as its first attempt left it (attempts: 0 when never attempted).
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

  /**
   * A stored delivery as its first attempt left it: whether it was ever queued (and attempted)
   * is all a redelivered event needs to know, and two reads by id cost no scan on FerretDB.
   */
  async function findAsFirstAttemptLeftIt(id: string): Promise<Delivery | undefined> {
    const [document, first] = await Promise.all([
      deliveries.findOne({ _id: id }),
      attempts.findOne({ _id: attemptIdFor(id, 1) }),
    ])
    if (!document) return undefined
    return currentDelivery(toDelivery(document), first ? toAttempt(first) : undefined)
  }

  /** Attempts have derived ids: one already recorded (by a job run twice) is not an error. */
  async function insertAttempts(batch: Attempt[]) {
    await insertAllUnlessTaken(
      attempts,
      batch.map(({ id, ...rest }) => ({ _id: id, ...rest })),
    )
    return []
  }

  /**
   * The deliveries of several events in one write (on FerretDB one transaction instead of one
   * per delivery); one whose id is taken (a redelivered event) is read back as stored.
   */
  async function insertBatches(batches: Delivery[][]) {
    const flat = batches.flat()
    const inserted = await insertAllUnlessTaken(
      deliveries,
      flat.map(({ id, ...rest }) => ({ _id: id, ...rest })),
    )
    const stored = await Promise.all(
      flat.map(async (delivery, index) => {
        if (inserted[index]) return { delivery, created: true }
        const existing = await findAsFirstAttemptLeftIt(delivery.id)
        if (!existing) throw new Error(`delivery ${delivery.id} is taken but cannot be read`)
        return { delivery: existing, created: false }
      }),
    )
    let next = 0
    return batches.map((batch) => stored.slice(next, (next += batch.length)))
  }

  return {
    insertAllOnce: groupCommit(insertBatches, { maxItems: EVENTS_PER_WRITE }),
    findById,
    recordAttempt: groupCommit(insertAttempts, { maxItems: ATTEMPTS_PER_WRITE }),
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
