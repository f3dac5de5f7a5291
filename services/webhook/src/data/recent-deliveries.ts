import { LRUCache } from 'lru-cache'
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
  const known = new LRUCache<string, Delivery>({ max: options.max })
  return {
    ...repository,
    async insertOnce(delivery) {
      const stored = await repository.insertOnce(delivery)
      known.set(stored.delivery.id, stored.delivery)
      return stored
    },
    async findById(id) {
      const remembered = known.get(id)
      if (remembered) return remembered
      const delivery = await repository.findById(id)
      if (delivery) known.set(id, delivery)
      return delivery
    },
    async update(id, changes) {
      try {
        await repository.update(id, changes)
      } catch (error) {
        known.delete(id)
        throw error
      }
      const remembered = known.peek(id)
      if (remembered) known.set(id, { ...remembered, ...changes })
    },
  }
}
