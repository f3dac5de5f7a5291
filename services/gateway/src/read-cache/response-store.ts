import { LRUCache } from 'lru-cache'

/** A service's 200 answer to a read, as kept for the next reader. */
export interface CachedResponse {
  headers: Readonly<Record<string, string>>
  body: Buffer
  etag: string
}

export interface ResponseStore {
  get(key: string): CachedResponse | undefined
  /**
   * The entry under `key`, loading it with `load` when absent; readers of a key that is being
   * loaded wait for that load instead of asking the service again. `undefined`: nothing to keep.
   */
  fill(
    key: string,
    load: () => Promise<CachedResponse | undefined>,
  ): Promise<CachedResponse | undefined>
}

const ENTRY_OVERHEAD_BYTES = 256

/** Responses by key, least recently used first out once `maxBytes` is reached, none older than `ttlMs`. */
export function createResponseStore(options: { maxBytes: number; ttlMs: number }): ResponseStore {
  const entries = new LRUCache<string, CachedResponse>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, key) => entry.body.length + key.length + ENTRY_OVERHEAD_BYTES,
    ttl: options.ttlMs,
  })
  const loading = new Map<string, Promise<CachedResponse | undefined>>()
  return {
    get: (key) => entries.get(key),
    fill(key, load) {
      const found = entries.get(key)
      if (found) return Promise.resolve(found)
      const pending = loading.get(key)
      if (pending) return pending
      const started = load().then(
        (entry) => {
          loading.delete(key)
          if (entry && entry.body.length + key.length + ENTRY_OVERHEAD_BYTES <= options.maxBytes)
            entries.set(key, entry)
          return entry
        },
        (error: unknown) => {
          loading.delete(key)
          throw error
        },
      )
      loading.set(key, started)
      return started
    },
  }
}
