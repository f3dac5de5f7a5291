import { LRUCache } from 'lru-cache'
import type { WebsiteQuotas } from '@cms/http'
import type { WebsitesRepository } from '../data/websites-repository.ts'
import { effectiveQuotas } from './website-quotas.ts'

export interface WebsiteQuotaLookup {
  /** The quotas in force for the website, forwarded to the services with every API call. */
  quotasOf(websiteId: string): Promise<WebsiteQuotas>
  /** Drops the cached quotas now (this instance changed them). */
  forget(websiteId: string): void
}

/**
 * Cached per instance for `ttlMs` like key lookups, so a request costs no database read; an
 * override set on another instance applies here once the entry expires.
 */
export function createWebsiteQuotaLookup(deps: {
  websites: Pick<WebsitesRepository, 'findById'>
  /** The installation's defaults (`installationQuotas`). */
  defaults: Readonly<WebsiteQuotas>
  ttlMs: number
  maxEntries?: number
}): WebsiteQuotaLookup {
  const cache = new LRUCache<string, WebsiteQuotas>({
    max: deps.maxEntries ?? 50_000,
    ttl: Math.max(deps.ttlMs, 1),
    fetchMethod: async (websiteId) =>
      effectiveQuotas((await deps.websites.findById(websiteId))?.quotas, deps.defaults),
  })
  return {
    async quotasOf(websiteId) {
      if (deps.ttlMs === 0) cache.delete(websiteId)
      return (await cache.fetch(websiteId)) ?? { ...deps.defaults }
    },
    forget: (websiteId) => void cache.delete(websiteId),
  }
}
