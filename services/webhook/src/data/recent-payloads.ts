import { LRUCache } from 'lru-cache'
import type { PayloadRepository, StoredPayload } from './payload-repository.ts'

/**
 * Payloads never change once stored, so the bodies this process stored or read lately are served
 * from memory: every delivery of an event sends the same body, and its first attempt usually runs
 * in the process that fanned the event out. Bounded by the bodies' total length.
 */
export function rememberPayloads(
  repository: PayloadRepository,
  options: { maxBytes: number },
): PayloadRepository {
  const known = new LRUCache<string, StoredPayload>({
    maxSize: options.maxBytes,
    sizeCalculation: (payload) => Math.max(1, payload.body.length),
    fetchMethod: (id) => repository.find(id),
  })
  return {
    async saveOnce(payload) {
      const created = await repository.saveOnce(payload)
      if (created) known.set(payload.id, payload)
      return created
    },
    find: (id) => known.fetch(id),
  }
}
