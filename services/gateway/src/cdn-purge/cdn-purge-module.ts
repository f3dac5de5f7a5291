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
  stop(): Promise<void>
}

/** Changes one instance holds and batches at once; the rest wait in the queue. */
const PREFETCH = 1000

/**
 * The CDN purges of this gateway instance (docs/cdn.md, "Purges"): the purge queue's consumer,
 * which sends each change's tags to the purgers `CDN_PURGERS` names, and the purge of a deleted
 * website, which no other service announces.
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
    async websiteRemoved(websiteId) {
      if (!queue) return
      try {
        await announceCachePurge(queue.client, {
          websiteId,
          tags: [cacheTags.website(websiteId)],
          now: now(),
        })
      } catch (error) {
        logger.error(
          { err: (error as Error).message, websiteId },
          'the purge of a deleted website was not announced; its answers expire with their max-age',
        )
      }
    },
    async stop() {
      await batches.stop()
      await queue?.client.close()
    },
  }
}
