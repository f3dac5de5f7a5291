import compose from 'koa-compose'
import type { Middleware } from 'koa'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { cacheTags } from '@cms/contract'
import type { BrokerChanges } from '../broker/broker-changes.ts'
import { dropOnBrokerChanges } from './broker-changes.ts'
import { cachedFetches, cachedReads } from './cached-reads.ts'
import type { CachedFetch, FetchRead } from './cached-reads.ts'
import { createCacheTrust } from './cache-trust.ts'
import { createChangeChannel } from './change-channel.ts'
import { createResponseStore } from './response-store.ts'
import { invalidateOnWrite } from './write-invalidation.ts'

export interface ReadCacheOptions {
  /** Off: every read goes to the service (ETag and 304 still apply). */
  enabled: boolean
  maxBytes: number
  ttlMs: number
  redis: Redis
  prefix: string
  /** Where the services' changes are heard; without it, only writes through the gateways are. */
  brokerChanges?: BrokerChanges | undefined
  /** Refreshes an entry that just expired apart from its readers (`fetchApiRead`). */
  fetchRead?: FetchRead
  logger: Logger
}

export interface ReadCache {
  /** Goes in the API pipeline right before the proxy. */
  middleware: Middleware
  /** The gateway's own published reads (GraphQL's), through the same entries. */
  fetch: CachedFetch
  /** Gives up a website's cached reads here and on every instance (a write outside `/api`). */
  contentChanged(websiteId: string): Promise<void>
  close(): Promise<void>
}

/**
 * Published reads served from memory, each kept with the cache tags of what it shows; a change
 * drops the entries whose tags it names, on every instance (docs/gateway.md, "Caching and CDNs").
 */
export function createReadCache(options: ReadCacheOptions): ReadCache {
  const store = createResponseStore({ maxBytes: options.maxBytes, ttlMs: options.ttlMs })
  const drop = (websiteId: string, tags: readonly string[]) => void store.drop(websiteId, tags)
  const trust = createCacheTrust({
    sources: options.brokerChanges ? ['redis', 'broker'] : ['redis'],
    onRegained: () => store.clear(),
  })
  const channel = createChangeChannel({
    redis: options.redis,
    prefix: options.prefix,
    drop,
    trust,
    logger: options.logger,
  })
  const broker =
    options.brokerChanges && dropOnBrokerChanges({ changes: options.brokerChanges, trust, drop })
  const reads = options.enabled ? trust : { trusted: () => false }
  return {
    middleware: compose([
      invalidateOnWrite({ channel }),
      cachedReads({ trust: reads, store, fetchRead: options.fetchRead }),
    ]),
    fetch: cachedFetches({ trust: reads, store }),
    contentChanged: (websiteId) => channel.announce(websiteId, [cacheTags.website(websiteId)]),
    async close() {
      broker?.close()
      await channel.close()
    },
  }
}
