import { LRUCache } from 'lru-cache'
import type { ContentType } from '@cms/content-model'
import type { Caller } from '@cms/http'

/** Where content types come from: the schema service, asked for the same caller. */
export interface ContentTypeSource {
  /** One whole type, by (website, name). */
  get(caller: Caller, name: string): Promise<ContentType | undefined>
  /**
   * The website's field declarations: each type with its name and its fields' names and types
   * only (no labels, options or bounds), bounded by the website's quotas.
   */
  list(caller: Caller): Promise<ContentType[]>
}

export interface ContentTypeCatalog {
  /**
   * Always asks the source (one indexed read there), so a changed type applies to the very next
   * write even before its change event arrives.
   */
  current(caller: Caller, name: string): Promise<ContentType | undefined>
  /**
   * The website's field declarations for list queries (never whole definitions), cached until
   * a change event or `ttlMs`.
   */
  listed(caller: Caller, options?: { fresh?: boolean }): Promise<ContentType[]>
  invalidate(websiteId: string): void
}

export function createContentTypeCatalog(deps: {
  source: ContentTypeSource
  ttlMs?: number
  maxWebsites?: number
}): ContentTypeCatalog {
  const max = deps.maxWebsites ?? 10_000
  const cached = new LRUCache<string, ContentType[]>({ max, ttl: deps.ttlMs ?? 30_000 })
  // A list fetched before an invalidation must not be cached after it.
  const generations = new LRUCache<string, number>({ max })
  const generationOf = (websiteId: string) => generations.get(websiteId) ?? 0

  return {
    current: (caller, name) => deps.source.get(caller, name),
    async listed(caller, options = {}) {
      const { websiteId } = caller
      if (!options.fresh) {
        const hit = cached.get(websiteId)
        if (hit) return hit
      }
      const generation = generationOf(websiteId)
      const types = await deps.source.list(caller)
      if (generationOf(websiteId) === generation) cached.set(websiteId, types)
      return types
    },
    invalidate(websiteId) {
      generations.set(websiteId, generationOf(websiteId) + 1)
      cached.delete(websiteId)
    },
  }
}
