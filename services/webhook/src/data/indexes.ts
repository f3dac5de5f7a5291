import type { Db } from 'mongodb'

/** The indexes every lookup needs on MongoDB (FerretDB only enforces uniqueness with them). */
export async function ensureIndexes(db: Db): Promise<void> {
  await db.collection('webhooks').createIndex({ websiteId: 1, createdAt: 1, _id: 1 })
  await db.collection('deliveries').createIndex({ webhookId: 1, createdAt: -1, _id: -1 })
  await db.collection('attempts').createIndex({ deliveryId: 1, startedAt: 1, _id: 1 })
  await db.collection('attempts').createIndex({ webhookId: 1 })
  // The retention sweep (delivery-log-sweep.ts): old bodies, then the deliveries that use them.
  await db.collection('payloads').createIndex({ createdAt: 1 })
  await db.collection('deliveries').createIndex({ payloadId: 1 })
}
