import { LRUCache } from 'lru-cache'
import type { Perf } from 'lru-cache'
import { cacheTags } from '@cms/contract'

/** A service's 200 answer to a read, as kept for the next reader, with the tags it shows. */
export interface CachedResponse {
  headers: Readonly<Record<string, string>>
  body: Buffer
  etag: string
  /** Read once from the answer's `Surrogate-Key` when it is kept (with the website's tag). */
  tags: readonly string[]
}

export interface ResponseStore {
  get(websiteId: string, url: string): CachedResponse | undefined
  /**
   * The entry of `url`, loading it with `load` when absent; readers of an entry that is being
   * loaded wait for that load instead of asking the service again. An entry that has just expired
   * (less than `STALE_WHILE_REFILL_MS` ago) is answered at once while `refresh` (a load apart
   * from any reader; without it, this reader's `load`) replaces it. `undefined`: nothing to
   * keep. An answer loaded while its website changed is passed on but not kept (it may be older).
   */
  fill(
    websiteId: string,
    url: string,
    load: () => Promise<CachedResponse | undefined>,
    refresh?: () => Promise<CachedResponse | undefined>,
  ): Promise<CachedResponse | undefined>
  /**
   * Drops every entry of the website that carries one of `tags`; a tag ending in `*` stands for
   * every tag it starts (`l-<websiteId>-*`: every list of the website). Returns how many.
   */
  drop(websiteId: string, tags: readonly string[]): number
  /** Drops everything, and keeps no answer whose load started before. */
  clear(): void
}

const ENTRY_OVERHEAD_BYTES = 256

/**
 * An entry lives between 80% and 100% of the TTL: entries filled together (a warm-up, a burst
 * over a page's links, the refill after a purge) would otherwise expire together and send all
 * their readers to the store at once (docs/performance.md, "Read cache").
 */
const TTL_SPREAD = 0.2

/**
 * How long past its TTL an entry still answers its readers while it is refilled: otherwise every
 * reader of an expired hot entry waits for that refill, which on FerretDB queues behind the
 * refills of every entry expiring with it (seconds at 10,000 documents).
 */
const STALE_WHILE_REFILL_MS = 10_000

/**
 * The tag of an answer that named none (no `Surrogate-Key`): any change of its website drops it,
 * as the whole website's entries were dropped before the cache knew tags.
 */
export const untaggedOf = (websiteId: string): string => `untagged-${websiteId}`

/** Every list tag of the website, for a change whose type is not known (a delete's 204). */
export const anyListOf = (websiteId: string): string => cacheTags.list(websiteId, '*')

/**
 * Responses by website and URL, least recently used first out once `maxBytes` is reached, none
 * older than `ttlMs`, indexed by tag so a change drops exactly the entries it names. `clock` and
 * `random` are the platform's unless a test sets them.
 */
export function createResponseStore(options: {
  maxBytes: number
  ttlMs: number
  clock?: Perf
  random?: () => number
}): ResponseStore {
  const random = options.random ?? Math.random
  /** The keys of the entries carrying each tag. */
  const tagged = new Map<string, Set<string>>()
  const entries = new LRUCache<string, CachedResponse>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry, key) => entry.body.length + key.length + ENTRY_OVERHEAD_BYTES,
    ttl: options.ttlMs,
    // An expired entry stays until it is refilled, evicted or dropped: `fill` may still serve it.
    noDeleteOnStaleGet: true,
    ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = tagged.get(tag)
        keys?.delete(key)
        if (keys?.size === 0) tagged.delete(tag)
      }
    },
  })
  const loading = new Map<string, Promise<CachedResponse | undefined>>()
  /** Bumped by every drop of the website, and by a clear: a load that saw another is not kept. */
  const changes = new Map<string, number>()
  let epoch = 0
  const stamp = (websiteId: string) => `${epoch}.${changes.get(websiteId) ?? 0}`

  const keep = (key: string, entry: CachedResponse) => {
    if (entry.body.length + key.length + ENTRY_OVERHEAD_BYTES > options.maxBytes) return
    entries.set(key, entry, { ttl: Math.round(options.ttlMs * (1 - TTL_SPREAD * random())) })
    for (const tag of entry.tags) {
      const keys = tagged.get(tag) ?? new Set<string>()
      keys.add(key)
      tagged.set(tag, keys)
    }
  }

  /** Runs a load and keeps its entry, unless the website changed (or all was cleared) meanwhile. */
  const startLoad = (
    load: () => Promise<CachedResponse | undefined>,
    key: string,
    loadKey: string,
    websiteId: string,
    seen: string,
  ): Promise<CachedResponse | undefined> =>
    load()
      .then((entry) => {
        if (entry && stamp(websiteId) === seen) keep(key, entry)
        return entry
      })
      .finally(() => loading.delete(loadKey))

  const tagsMatching = (tag: string): string[] =>
    tag.endsWith('*')
      ? [...tagged.keys()].filter((known) => known.startsWith(tag.slice(0, -1)))
      : [tag]

  return {
    get: (websiteId, url) => entries.get(`${websiteId} ${url}`),
    fill(websiteId, url, load, refresh) {
      const key = `${websiteId} ${url}`
      const found = entries.get(key)
      if (found) return Promise.resolve(found)
      const seen = stamp(websiteId)
      // A reader after a change never joins a load that started before it.
      const loadKey = `${seen} ${key}`
      const pending = loading.get(loadKey)
      const recent = entries.getRemainingTTL(key) > -STALE_WHILE_REFILL_MS
      const stale = recent ? entries.peek(key, { allowStale: true }) : undefined
      if (pending) return stale ? Promise.resolve(stale) : pending
      if (stale && refresh) {
        // Nobody may wait for a refresh: its failure keeps nothing and throws nowhere.
        const refreshing = startLoad(refresh, key, loadKey, websiteId, seen)
        loading.set(
          loadKey,
          refreshing.catch(() => undefined),
        )
        return Promise.resolve(stale)
      }
      const started = startLoad(load, key, loadKey, websiteId, seen)
      loading.set(loadKey, started)
      return started
    },
    drop(websiteId, tags) {
      changes.set(websiteId, (changes.get(websiteId) ?? 0) + 1)
      let dropped = 0
      for (const tag of [untaggedOf(websiteId), ...tags].flatMap(tagsMatching)) {
        for (const key of [...(tagged.get(tag) ?? [])]) if (entries.delete(key)) dropped++
        tagged.delete(tag)
      }
      return dropped
    },
    clear() {
      epoch++
      changes.clear()
      entries.clear()
      tagged.clear()
    },
  }
}
