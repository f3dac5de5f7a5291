import { LRUCache } from 'lru-cache'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import { RateLimitedError } from '@cms/errors'

export interface AuthFailureThrottle {
  /** Refuses an address that has failed too often, before its credential is even looked at. */
  assertAllowed(address: string): void
  /** Counts a failed authentication; refuses the address once it is over the limit. */
  recordFailure(address: string): Promise<void>
}

const WINDOW_SECONDS = 60

const tooManyFailures = (retryAfterSeconds: number): RateLimitedError =>
  new RateLimitedError(
    retryAfterSeconds,
    'Too many failed authentication attempts from this address',
  )

/**
 * Failures are counted per address in Redis (shared by instances). Once over the limit the
 * address is blocked for the rest of the window: every request from it, with a right key or
 * not, gets 429, so a guess cannot be told apart from a miss. The block is kept in memory,
 * so a blocked address costs no Redis round trip.
 */
export function createAuthFailureThrottle(deps: {
  redis: Redis
  prefix: string
  failuresPerMinute: number
}): AuthFailureThrottle {
  const limiter = new RateLimiterRedis({
    storeClient: deps.redis,
    keyPrefix: `${deps.prefix}:auth-failures`,
    points: deps.failuresPerMinute,
    duration: WINDOW_SECONDS,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({
      points: deps.failuresPerMinute,
      duration: WINDOW_SECONDS,
    }),
  })
  const blockedUntil = new LRUCache<string, number>({ max: 100_000, ttl: WINDOW_SECONDS * 1000 })
  return {
    assertAllowed(address) {
      const until = blockedUntil.get(address)
      if (until !== undefined && until > Date.now())
        throw tooManyFailures(Math.ceil((until - Date.now()) / 1000))
    },
    async recordFailure(address) {
      try {
        await limiter.consume(address)
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) return
        blockedUntil.set(address, Date.now() + error.msBeforeNext, {
          ttl: Math.max(error.msBeforeNext, 1),
        })
        throw tooManyFailures(Math.max(1, Math.ceil(error.msBeforeNext / 1000)))
      }
    },
  }
}
