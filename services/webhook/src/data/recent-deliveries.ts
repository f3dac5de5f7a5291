import { LRUCache } from 'lru-cache'
import { afterAttempt } from '../domain/delivery.ts'
import type { Delivery } from '../domain/delivery.ts'
import type { DeliveryRepository } from './delivery-repository.ts'

/**
 * The delivery repository as the fan-out and the runner of one process use it: deliveries this
 * process inserted or updated are answered from memory, so the runner reads nothing back that it
 * wrote itself (on FerretDB every lookup by id scans the collection). Writes still go to the
 * database first; a write that fails forgets the entry, whose state is then unknown.
 *
 * Another instance's writes are not seen here: a job that reaches this instance after another one
 * made an attempt may be repeated, which the at-least-once contract allows (same `X-Webhook-Id`).
 */
export function rememberDeliveries(
  repository: DeliveryRepository,
  options: { max: number },
): DeliveryRepository {
  const known = new LRUCache<string, Delivery>({
    max: options.max,
    fetchMethod: (id) => repository.findById(id),
  })
  const remembering = async (id: string, write: () => Promise<void>) => {
    try {
      await write()
    } catch (error) {
      known.delete(id)
      throw error
    }
  }
  return {
    ...repository,
    async insertAllOnce(batch) {
      const stored = await repository.insertAllOnce(batch)
      // A taken one is known only as its first attempt left it: the runner reads it whole.
      for (const { delivery, created } of stored) if (created) known.set(delivery.id, delivery)
      return stored
    },
    findById: (id) => known.fetch(id),
    async recordAttempt(attempt) {
      await remembering(attempt.deliveryId, () => repository.recordAttempt(attempt))
      const remembered = known.peek(attempt.deliveryId)
      if (remembered) known.set(attempt.deliveryId, afterAttempt(remembered, attempt))
    },
    async close(id, closing) {
      await remembering(id, () => repository.close(id, closing))
      const remembered = known.peek(id)
      if (remembered) known.set(id, { ...remembered, ...closing })
    },
  }
}
