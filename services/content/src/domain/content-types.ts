import { LRUCache } from 'lru-cache'
import type { Caller } from '@cms/http'
import type {
  ContentTypeSource,
  TypeInWebsite,
  WebsiteModel,
} from '../document/content-type-source.ts'

export interface ContentTypeCatalog {
  /**
   * Asks the source every time, so a changed type applies to the very next write even before
   * its change event arrives; a type held here is revalidated (one small read there, no
   * definition sent) instead of fetched again.
   */
  current(caller: Caller, name: string): Promise<TypeInWebsite | undefined>
  /**
   * The website's field declarations for list queries (never whole definitions), cached until
   * a change event or `ttlMs`.
   */
  listed(caller: Caller, options?: { fresh?: boolean }): Promise<WebsiteModel>
  invalidate(websiteId: string): void
}

export function createContentTypeCatalog(deps: {
  source: ContentTypeSource
  ttlMs?: number
  maxWebsites?: number
  maxTypeBytes?: number
}): ContentTypeCatalog {
  const max = deps.maxWebsites ?? 10_000
  // Types by (website, name) with their validator, up to `maxTypeBytes` of definitions.
  const types = new LRUCache<string, { found: TypeInWebsite; etag: string }>({
    maxSize: deps.maxTypeBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry).length),
  })
  const typeKey = (websiteId: string, name: string) => `${websiteId}\u0000${name}`
  const cached = new LRUCache<string, WebsiteModel>({ max, ttl: deps.ttlMs ?? 30_000 })
  // A list fetched before an invalidation must not be cached after it.
  const generations = new LRUCache<string, number>({ max })
  const generationOf = (websiteId: string) => generations.get(websiteId) ?? 0

  return {
    async current(caller, name) {
      const key = typeKey(caller.websiteId, name)
      const held = types.get(key)
      const found = await deps.source.get(caller, name, held?.etag)
      // `unchanged` only ever answers an etag, so a held copy was sent with the question.
      if (found === 'unchanged') return held?.found
      if (!found) {
        types.delete(key)
        return undefined
      }
      const { etag, ...inWebsite } = found
      if (etag) types.set(key, { found: inWebsite, etag })
      else types.delete(key)
      return inWebsite
    },
    async listed(caller, options = {}) {
      const { websiteId } = caller
      if (!options.fresh) {
        const hit = cached.get(websiteId)
        if (hit) return hit
      }
      const generation = generationOf(websiteId)
      const model = await deps.source.list(caller)
      if (generationOf(websiteId) === generation) cached.set(websiteId, model)
      return model
    },
    invalidate(websiteId) {
      generations.set(websiteId, generationOf(websiteId) + 1)
      cached.delete(websiteId)
    },
  }
}
