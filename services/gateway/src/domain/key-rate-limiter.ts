import { LRUCache } from 'lru-cache'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import type { RateLimitPlan } from './rate-limit-plan.ts'

/** What the X-RateLimit-* headers say: the minute window, and the fewer of minute and day remaining. */
export interface RateLimitState {
  limit: number
  remaining: number
  resetSeconds: number
}

export type RateLimitVerdict =
  | { allowed: true; state: RateLimitState }
  | { allowed: false; state: RateLimitState; retryAfterSeconds: number }

export interface KeyRateLimiter {
  /** Counts one request against the key's minute and day windows. */
  consume(keyId: string, plan: RateLimitPlan): Promise<RateLimitVerdict>
  /** The key's state without counting (for responses refused before the limit applies). */
  peek(keyId: string, plan: RateLimitPlan): Promise<RateLimitState>
}

const MINUTE = 60
const DAY = 86_400
type Window = typeof MINUTE | typeof DAY

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000))

/**
 * Fixed windows in Redis, shared by every instance. When Redis is unreachable each instance
 * enforces the same plan in its own memory (insurance limiter): the gateway keeps serving and
 * a single client stays bounded, at worst by the plan times the number of instances.
 */
export function createKeyRateLimiter(deps: { redis: Redis; prefix: string }): KeyRateLimiter {
  const limiters = new LRUCache<string, RateLimiterRedis>({ max: 1000 })
  const limiterFor = (window: Window, points: number): RateLimiterRedis => {
    const id = `${window}:${points}`
    let limiter = limiters.get(id)
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: deps.redis,
        keyPrefix: `${deps.prefix}:rl:${window === MINUTE ? 'minute' : 'day'}`,
        points,
        duration: window,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points, duration: window }),
      })
      limiters.set(id, limiter)
    }
    return limiter
  }

  const consumeOne = async (window: Window, points: number, keyId: string) => {
    try {
      return { res: await limiterFor(window, points).consume(keyId), refused: false }
    } catch (error) {
      if (error instanceof RateLimiterRes) return { res: error, refused: true }
      throw error
    }
  }

  return {
    async consume(keyId, plan) {
      const [minute, day] = await Promise.all([
        consumeOne(MINUTE, plan.perMinute, keyId),
        consumeOne(DAY, plan.perDay, keyId),
      ])
      const state: RateLimitState = {
        limit: plan.perMinute,
        remaining: Math.min(minute.res.remainingPoints, day.res.remainingPoints),
        resetSeconds: seconds(minute.res.msBeforeNext),
      }
      const refused = [minute, day].filter((result) => result.refused)
      if (refused.length === 0) return { allowed: true, state }
      const retryAfterSeconds = Math.max(
        ...refused.map((result) => seconds(result.res.msBeforeNext)),
      )
      return { allowed: false, state: { ...state, remaining: 0 }, retryAfterSeconds }
    },
    async peek(keyId, plan) {
      const [minute, day] = await Promise.all([
        limiterFor(MINUTE, plan.perMinute).get(keyId),
        limiterFor(DAY, plan.perDay).get(keyId),
      ])
      return {
        limit: plan.perMinute,
        remaining: Math.min(
          minute?.remainingPoints ?? plan.perMinute,
          day?.remainingPoints ?? plan.perDay,
        ),
        resetSeconds: minute ? seconds(minute.msBeforeNext) : MINUTE,
      }
    },
  }
}
