import { LRUCache } from 'lru-cache'
import type { ChangeStamps } from '../data/change-stamps.ts'
import type { DocumentsRepository } from '../data/documents-repository.ts'

/**
 * Lists count their matches on every page; on FerretDB that count is a second full scan of
 * the collection. The total is kept per (website, change stamp, filter), so a website whose
 * documents did not change since pays only for the page. The stamp is read before the count
 * starts: a count kept under a stamp never misses a change acknowledged before a reader saw
 * that stamp. `ttlMs` bounds an entry's age should a change ever leave the stamp unrenewed.
 */
export function withCountCache(
  documents: DocumentsRepository,
  options: { stamps: ChangeStamps; maxEntries?: number; ttlMs?: number },
): DocumentsRepository {
  const totals = new LRUCache<string, number>({
    max: options.maxEntries ?? 10_000,
    ttl: options.ttlMs ?? 60_000,
  })
  return {
    ...documents,
    async page(query) {
      const websiteId = query.filter.websiteId
      const pageOnly = documents.pageOnly
      if (typeof websiteId !== 'string' || !pageOnly) return documents.page(query)
      const key = `${websiteId} ${await options.stamps.current(websiteId)} ${JSON.stringify(query.filter)}`
      const total = totals.get(key)
      if (total !== undefined) return { docs: await pageOnly(query), total }
      const counted = await documents.page(query)
      totals.set(key, counted.total)
      return counted
    },
  }
}
