import type { Middleware } from 'koa'
import type { Redis } from 'ioredis'
import { routed } from '@cms/http'
import type { InternalClient } from '@cms/http'
import type { WebsiteQuotaLookup } from '../domain/website-quota-lookup.ts'
import type { Logger } from '@cms/logger'
import type { BrokerChanges } from '../broker/broker-changes.ts'
import { announceChanges } from './change-announcements.ts'
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
    CHANGE_STREAM_HEARTBEAT_MS: number
    REDIS_PREFIX: string
  }
  content: InternalClient
  /** Where every instance hears every website's changes; without it, streams are 503. */
  brokerChanges: BrokerChanges | undefined
  /** The `changeStreams` quota limits each website's open streams. */
  quotas: Pick<WebsiteQuotaLookup, 'quotasOf'>
  operatorKeyId: string
  redis: Redis
  logger: Logger
}) {
  const { config, logger } = deps
  const reader = createChangeLogClient({ content: deps.content, operatorKeyId: deps.operatorKeyId })
  const feeds = deps.brokerChanges ? createChangeFeeds({ reader, logger }) : undefined
  if (feeds && deps.brokerChanges)
    announceChanges(deps.brokerChanges, {
      onChange: ({ websiteId, seq, entry }) => feeds.notify(websiteId, seq, entry),
      onConnected: () => feeds.notifyAll(),
    })
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
  return {
    routes: routed(changesRouter({ streamChanges })) as Middleware,
    /** The website's open streams, for the quota report (`changeStreams` usage). */
    async usage(websiteId: string): Promise<{ changeStreams?: number }> {
      const open = await leases.count(websiteId)
      return open === undefined ? {} : { changeStreams: open }
    },
    /** Ends every open stream (its client resumes elsewhere with Last-Event-ID). */
    async stop() {
      for (const stream of [...open]) stream.end()
      feeds?.stop()
    },
  }
}
