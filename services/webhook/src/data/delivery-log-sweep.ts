import type { Db } from 'mongodb'

export interface SweptLog {
  deliveries: number
  attempts: number
  payloads: number
}

export interface DeliveryLogSweep {
  /**
   * Removes deliveries created before `before` (an ISO time), their attempts, and the stored
   * bodies no remaining delivery uses. Walks the bodies older than `before`, `chunk` at a time.
   */
  removeOlderThan(before: string, chunk?: number): Promise<SweptLog>
}

/**
 * Every delivery has a stored body created with it, so the bodies older than the cut-off lead to
 * every delivery older than it. A body a newer delivery still uses (a redelivery repeats the
 * stored body) stays. Attempts go before their deliveries and deliveries before their bodies, so
 * a sweep cut short leaves nothing a later sweep cannot find.
 */
export function createDeliveryLogSweep(db: Db): DeliveryLogSweep {
  const deliveries = db.collection<{ _id: string; payloadId: string; createdAt: string }>(
    'deliveries',
  )
  const attempts = db.collection<{ _id: string; deliveryId: string }>('attempts')
  const payloads = db.collection<{ _id: string; createdAt: string }>('payloads')

  async function sweepChunk(ids: string[], before: string): Promise<SweptLog> {
    const using = await deliveries
      .find({ payloadId: { $in: ids } }, { projection: { _id: 1, payloadId: 1, createdAt: 1 } })
      .toArray()
    const old = using.filter((delivery) => delivery.createdAt < before).map((d) => d._id)
    const kept = new Set(
      using.filter((delivery) => delivery.createdAt >= before).map((d) => d.payloadId),
    )
    const swept: SweptLog = { deliveries: 0, attempts: 0, payloads: 0 }
    if (old.length > 0) {
      swept.attempts = (await attempts.deleteMany({ deliveryId: { $in: old } })).deletedCount
      swept.deliveries = (await deliveries.deleteMany({ _id: { $in: old } })).deletedCount
    }
    const unused = ids.filter((id) => !kept.has(id))
    if (unused.length > 0)
      swept.payloads = (await payloads.deleteMany({ _id: { $in: unused } })).deletedCount
    return swept
  }

  return {
    async removeOlderThan(before, chunk = 100) {
      const total: SweptLog = { deliveries: 0, attempts: 0, payloads: 0 }
      const add = (swept: SweptLog) => {
        total.deliveries += swept.deliveries
        total.attempts += swept.attempts
        total.payloads += swept.payloads
      }
      const old = payloads
        .find({ createdAt: { $lt: before } }, { projection: { _id: 1 } })
        .sort({ createdAt: 1 })
      let ids: string[] = []
      for await (const payload of old) {
        ids.push(payload._id)
        if (ids.length < chunk) continue
        add(await sweepChunk(ids, before))
        ids = []
      }
      if (ids.length > 0) add(await sweepChunk(ids, before))
      return total
    },
  }
}
