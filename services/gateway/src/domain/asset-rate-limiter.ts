import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import { RateLimitedError } from '@cms/errors'

const WINDOW_SECONDS = 60

/**
 * Image transform requests per client address and minute, counted in Redis (shared by the
 * instances; per-instance memory while Redis is away). Asset URLs carry no key, so this is what
 * keeps one client from spending the transforms' CPU; plain originals are not counted.
 */
export function createAssetRateLimiter(deps: { redis: Redis; prefix: string; perMinute: number }) {
  const limiter = new RateLimiterRedis({
    storeClient: deps.redis,
    keyPrefix: `${deps.prefix}:media-transforms`,
    points: deps.perMinute,
    duration: WINDOW_SECONDS,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points: deps.perMinute, duration: WINDOW_SECONDS }),
  })
  return {
    async consume(address: string): Promise<void> {
      try {
        await limiter.consume(address)
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) return
        throw new RateLimitedError(
          Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
          'Too many image transform requests from this address',
        )
      }
    },
  }
}

export type AssetRateLimiter = ReturnType<typeof createAssetRateLimiter>
