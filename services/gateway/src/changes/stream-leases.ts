import type { Redis } from 'ioredis'
import type { Logger } from '@cms/logger'

/**
 * The open streams of a website over every gateway instance: a Redis sorted set of stream ids
 * scored by when each lease runs out. A stream renews its lease with each heartbeat and gives it
 * back when it closes; a lease of an instance that died runs out by itself.
 */
export interface StreamLeases {
  /** False when the website already holds `limit` live leases. */
  acquire(websiteId: string, streamId: string, limit: number): Promise<boolean>
  renew(websiteId: string, streamId: string): Promise<void>
  release(websiteId: string, streamId: string): Promise<void>
  /** The website's live leases: its open streams (undefined while Redis is away). */
  count(websiteId: string): Promise<number | undefined>
}

// Drops the leases that ran out, then takes one if fewer than the limit are left, atomically.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`

export function createStreamLeases(deps: {
  redis: Redis
  prefix: string
  /** How long a lease lasts without renewal. */
  leaseMs: number
  now: () => number
  logger: Logger
}): StreamLeases {
  const keyOf = (websiteId: string) => `${deps.prefix}:change-streams:${websiteId}`
  const warn = (error: unknown, what: string) =>
    deps.logger.warn({ err: error }, `change stream leases: ${what} failed`)
  return {
    async acquire(websiteId, streamId, limit) {
      const now = deps.now()
      try {
        const taken = await deps.redis.eval(
          ACQUIRE,
          1,
          keyOf(websiteId),
          now,
          now + deps.leaseMs,
          limit,
          streamId,
          deps.leaseMs,
        )
        return taken === 1
      } catch (error) {
        // Like the rate limits, the limit is not worth refusing every stream while Redis is away.
        warn(error, 'acquire')
        return true
      }
    },
    async renew(websiteId, streamId) {
      const key = keyOf(websiteId)
      await deps.redis
        .multi()
        .zadd(key, deps.now() + deps.leaseMs, streamId)
        .pexpire(key, deps.leaseMs)
        .exec()
        .catch((error: unknown) => warn(error, 'renew'))
    },
    async count(websiteId) {
      try {
        return await deps.redis.zcount(keyOf(websiteId), `(${deps.now()}`, '+inf')
      } catch (error) {
        warn(error, 'count')
        return undefined
      }
    },
    async release(websiteId, streamId) {
      await deps.redis.zrem(keyOf(websiteId), streamId).catch((error: unknown) => {
        warn(error, 'release')
        return 0
      })
    },
  }
}
