import compose from 'koa-compose'
import type { Middleware } from 'koa'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { cachedReads } from './cached-reads.ts'
import { createContentGenerations } from './content-generations.ts'
import { createGenerationChannel } from './generation-channel.ts'
import { createResponseStore } from './response-store.ts'
import { invalidateOnWrite } from './write-invalidation.ts'

export interface ReadCacheOptions {
  /** Off: every read goes to the service (ETag and 304 still apply). */
  enabled: boolean
  maxBytes: number
  ttlMs: number
  redis: Redis
  prefix: string
  logger: Logger
}

export interface ReadCache {
  /** Goes in the API pipeline right before the proxy. */
  middleware: Middleware
  /** Gives up a website's cached reads here and on every instance (a write outside `/api`). */
  contentChanged(websiteId: string): Promise<void>
  close(): Promise<void>
}

/** Published reads served from memory, given up on every instance when content changes. */
export function createReadCache(options: ReadCacheOptions): ReadCache {
  const generations = createContentGenerations()
  const channel = createGenerationChannel({
    redis: options.redis,
    prefix: options.prefix,
    generations,
    logger: options.logger,
  })
  const store = createResponseStore({ maxBytes: options.maxBytes, ttlMs: options.ttlMs })
  const reads = options.enabled ? generations : { ...generations, token: () => undefined }
  return {
    middleware: compose([
      invalidateOnWrite({ channel }),
      cachedReads({ generations: reads, store }),
    ]),
    contentChanged: (websiteId) => channel.announce(websiteId),
    close: () => channel.close(),
  }
}
