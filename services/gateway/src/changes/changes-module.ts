import type { Middleware } from 'koa'
import type { Redis } from 'ioredis'
import type { AmqpClient } from '@cms/amqp'
import { routed } from '@cms/http'
import type { InternalClient } from '@cms/http'
import type { WebsiteQuotaLookup } from '../domain/website-quota-lookup.ts'
import type { Logger } from '@cms/logger'
import { listenForChanges } from './change-announcements.ts'
import { createChangeFeeds } from './change-feeds.ts'
import { createChangeLogClient } from './change-log-client.ts'
import { changeStream } from './change-stream.ts'
import type { OpenStreams } from './change-stream.ts'
import { changesRouter } from './changes-routes.ts'
import { createStreamLeases } from './stream-leases.ts'

/** Leases outlive this many missed heartbeats before another stream may take the place. */
const LEASE_HEARTBEATS = 3

/** `GET /api/changes` (docs/sync.md, "Live changes"): the feeds, the broker and the routes. */
export function createChangesModule(deps: {
  config: {
    AMQP_URL?: string | undefined
    CHANGE_STREAM_HEARTBEAT_MS: number
    REDIS_PREFIX: string
  }
  content: InternalClient
  /** The `changeStreams` quota limits each website's open streams. */
  quotas: Pick<WebsiteQuotaLookup, 'quotasOf'>
  operatorKeyId: string
  redis: Redis
  logger: Logger
}) {
  const { config, logger } = deps
  const reader = createChangeLogClient({ content: deps.content, operatorKeyId: deps.operatorKeyId })
  const feeds = config.AMQP_URL ? createChangeFeeds({ reader, logger }) : undefined
  const open: OpenStreams = new Set()
  const leases = createStreamLeases({
    redis: deps.redis,
    prefix: config.REDIS_PREFIX,
    leaseMs: LEASE_HEARTBEATS * config.CHANGE_STREAM_HEARTBEAT_MS,
    now: Date.now,
    logger,
  })
  const streamChanges = changeStream(
    {
      ...(feeds && { feeds }),
      reader,
      leases,
      heartbeatMs: config.CHANGE_STREAM_HEARTBEAT_MS,
      quotas: deps.quotas,
      logger,
    },
    open,
  )
  let broker: Promise<AmqpClient> | undefined
  return {
    routes: routed(changesRouter({ streamChanges })) as Middleware,
    /** The website's open streams, for the quota report (`changeStreams` usage). */
    async usage(websiteId: string): Promise<{ changeStreams?: number }> {
      const open = await leases.count(websiteId)
      return open === undefined ? {} : { changeStreams: open }
    },
    /** Connects to the broker in the background (streams wait for nothing but the log). */
    start() {
      if (!feeds || !config.AMQP_URL) return
      broker = listenForChanges({
        url: config.AMQP_URL,
        logger,
        onChange: ({ websiteId, seq, entry }) => feeds.notify(websiteId, seq, entry),
        onConnected: () => feeds.notifyAll(),
      })
      broker.catch((error: unknown) => logger.warn({ err: error }, 'change announcements failed'))
    },
    /** Ends every open stream (its client resumes elsewhere with Last-Event-ID). */
    async stop() {
      for (const stream of [...open]) stream.end()
      feeds?.stop()
      await broker?.then((client) => client.close()).catch(() => undefined)
    },
  }
}
