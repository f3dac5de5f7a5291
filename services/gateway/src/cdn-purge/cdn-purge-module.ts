import type { Registry } from 'prom-client'
import { StartupError } from '@cms/config'
import { cacheTags } from '@cms/contract'
import { announceCachePurge } from '@cms/events'
import type { Logger } from '@cms/logger'
import { configuredPurgers } from './configured-purgers.ts'
import { createPurgeBatches } from './purge-batches.ts'
import { createPurgeMetrics } from './purge-metrics.ts'
import { consumePurgeQueue } from './purge-queue.ts'
import type { PurgeQueue } from './purge-queue.ts'
import type { CdnPurgeSettings } from './purge-settings.ts'

export interface CdnPurgeModule {
  /** Starts consuming the purge queue (nothing when no purger is configured). */
  start(): Promise<void>
  /** A website was deleted: every answer of it goes from the CDNs. */
  websiteRemoved(websiteId: string): Promise<void>
  /** A key was revoked or rotated: every answer kept for it goes from the CDNs. */
  keyRetired(websiteId: string, keyId: string): Promise<void>
  stop(): Promise<void>
}

/** Changes one instance holds and batches at once; the rest wait in the queue. */
const PREFETCH = 1000

/**
 * The CDN purges of this gateway instance (docs/cdn.md, "Purges"): the purge queue's consumer,
 * which sends each change's tags to the purgers `CDN_PURGERS` names, and the purges of a deleted
 * website and of a retired key, which no other service announces.
 */
export function createCdnPurgeModule(deps: {
  settings: CdnPurgeSettings
  amqpUrl: string | undefined
  registry: Registry
  logger: Logger
  now?: () => Date
}): CdnPurgeModule {
  const purgers = configuredPurgers(deps.settings)
  if (purgers.length === 0)
    return {
      start: async () => undefined,
      websiteRemoved: async () => undefined,
      keyRetired: async () => undefined,
      stop: async () => undefined,
    }
  const { amqpUrl } = deps
  if (!amqpUrl) throw new StartupError('CDN_PURGERS needs AMQP_URL: purges come from the broker')
  const logger = deps.logger.child({ component: 'cdn-purge' })
  const now = deps.now ?? (() => new Date())
  let queue: PurgeQueue | undefined
  const metrics = createPurgeMetrics(deps.registry, {
    inHand: () => batches.pending(),
    inQueue: async () => queue?.readyMessages(),
  })
  const batches = createPurgeBatches({
    purgers,
    batchMs: deps.settings.CDN_PURGE_BATCH_MS,
    retryMaxMs: deps.settings.CDN_PURGE_RETRY_MAX_MS,
    metrics,
    logger,
  })
  async function announce(websiteId: string, tag: string, what: string): Promise<void> {
    if (!queue) return
    try {
      await announceCachePurge(queue.client, { websiteId, tags: [tag], now: now() })
    } catch (error) {
      logger.error(
        { err: (error as Error).message, websiteId, tag },
        `the purge ${what} was not announced; its answers expire with their max-age`,
      )
    }
  }

  return {
    async start() {
      queue = await consumePurgeQueue({
        url: amqpUrl,
        queue: deps.settings.CDN_PURGE_QUEUE,
        prefetch: PREFETCH,
        batches,
        logger,
      })
    },
    websiteRemoved: (websiteId) =>
      announce(websiteId, cacheTags.website(websiteId), 'of a deleted website'),
    keyRetired: (websiteId, keyId) =>
      announce(websiteId, cacheTags.key(keyId), "of a retired key's answers"),
    async stop() {
      await batches.stop()
      await queue?.client.close()
    },
  }
}
