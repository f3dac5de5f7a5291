import { LRUCache } from 'lru-cache'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import type { KeyRateLimiter, RateLimitState, RateLimitVerdict } from './key-rate-limiter.ts'
import type { RateLimitPlan } from './rate-limit-plan.ts'

const MINUTE = 60
const DAY = 86_400
const COMMAND = 'cmsRateLimitBoth'

/**
 * rate-limiter-flexible's fixed window (counter created with the window's expiry on first use,
 * then INCRBY), for the minute and the day at once, `ARGV[1]` points at a time. Same keys and
 * values as that library's RateLimiterRedis, so both can share counters during an upgrade.
 */
const BOTH_WINDOWS_LUA = `
local out = {}
for i = 1, 2 do
  local seconds = tonumber(ARGV[i + 1])
  redis.call('set', KEYS[i], 0, 'EX', seconds, 'NX')
  local consumed = redis.call('incrby', KEYS[i], ARGV[1])
  local ttl = redis.call('pttl', KEYS[i])
  if ttl == -1 then
    redis.call('expire', KEYS[i], seconds)
    ttl = 1000 * seconds
  end
  out[#out + 1] = consumed
  out[#out + 1] = ttl
end
return out
`

type BothWindows = (
  minuteKey: string,
  dayKey: string,
  points: number,
  minute: number,
  day: number,
) => Promise<number[]>

interface Waiting {
  keyId: string
  plan: RateLimitPlan
  resolve: (verdict: RateLimitVerdict) => void
  reject: (error: unknown) => void
}

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000))

/** The verdict for the request that brought a window's count to `minute` / `day`. */
function verdictOf(
  plan: RateLimitPlan,
  minute: { consumed: number; ttlMs: number },
  day: { consumed: number; ttlMs: number },
): RateLimitVerdict {
  const state: RateLimitState = {
    limit: plan.perMinute,
    remaining: Math.max(0, Math.min(plan.perMinute - minute.consumed, plan.perDay - day.consumed)),
    resetSeconds: seconds(minute.ttlMs),
  }
  const refused = [
    ...(minute.consumed > plan.perMinute ? [minute.ttlMs] : []),
    ...(day.consumed > plan.perDay ? [day.ttlMs] : []),
  ]
  if (refused.length === 0) return { allowed: true, state }
  return {
    allowed: false,
    state: { ...state, remaining: 0 },
    retryAfterSeconds: Math.max(...refused.map(seconds)),
  }
}

/**
 * The per-key limits of key-rate-limiter.ts with one Redis round trip per key per event-loop
 * turn instead of two per request: requests of one key that arrive together are counted with
 * one INCRBY n per window, and the i-th of them gets the verdict it would have got alone
 * (count - n + i), so the limits hold across instances exactly as before. Without Redis each
 * instance falls back to memory, as before.
 */
export function createBatchedKeyRateLimiter(deps: {
  redis: Redis
  prefix: string
}): KeyRateLimiter {
  const redis = deps.redis as Redis & { [COMMAND]?: BothWindows }
  if (!redis[COMMAND]) redis.defineCommand(COMMAND, { numberOfKeys: 2, lua: BOTH_WINDOWS_LUA })
  const keyOf = (window: 'minute' | 'day', keyId: string) => `${deps.prefix}:rl:${window}:${keyId}`

  const insurance = new LRUCache<string, RateLimiterMemory>({ max: 1000 })
  const memory = (window: number, points: number): RateLimiterMemory => {
    const id = `${window}:${points}`
    let limiter = insurance.get(id)
    if (!limiter) {
      limiter = new RateLimiterMemory({ points, duration: window })
      insurance.set(id, limiter)
    }
    return limiter
  }
  const fromMemory = async (window: number, points: number, keyId: string) => {
    try {
      return await memory(window, points).consume(keyId)
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return refusal
      throw refusal
    }
  }
  async function consumeInMemory(keyId: string, plan: RateLimitPlan): Promise<RateLimitVerdict> {
    const [minute, day] = await Promise.all([
      fromMemory(MINUTE, plan.perMinute, keyId),
      fromMemory(DAY, plan.perDay, keyId),
    ])
    return verdictOf(
      plan,
      { consumed: minute.consumedPoints, ttlMs: minute.msBeforeNext },
      { consumed: day.consumedPoints, ttlMs: day.msBeforeNext },
    )
  }

  let batch = new Map<string, Waiting[]>()
  let scheduled = false

  async function settle(waiting: Waiting[]): Promise<void> {
    const { keyId, plan } = waiting[0]!
    const n = waiting.length
    let counts: number[] | undefined
    if (redis.status === 'ready') {
      counts = await redis[COMMAND]!(
        keyOf('minute', keyId),
        keyOf('day', keyId),
        n,
        MINUTE,
        DAY,
      ).catch(() => undefined)
    }
    if (!counts) {
      for (const one of waiting) consumeInMemory(keyId, plan).then(one.resolve, one.reject)
      return
    }
    const [minuteCount, minuteTtl, dayCount, dayTtl] = counts.map(Number) as [
      number,
      number,
      number,
      number,
    ]
    waiting.forEach((one, i) => {
      const before = n - 1 - i
      one.resolve(
        verdictOf(
          plan,
          { consumed: minuteCount - before, ttlMs: minuteTtl },
          { consumed: dayCount - before, ttlMs: dayTtl },
        ),
      )
    })
  }

  function flush(): void {
    const ready = batch
    batch = new Map()
    scheduled = false
    for (const waiting of ready.values()) {
      settle(waiting).catch((error: unknown) => waiting.forEach((one) => one.reject(error)))
    }
  }

  return {
    consume(keyId, plan) {
      return new Promise<RateLimitVerdict>((resolve, reject) => {
        const id = `${keyId} ${plan.perMinute} ${plan.perDay}`
        const waiting = batch.get(id)
        if (waiting) waiting.push({ keyId, plan, resolve, reject })
        else batch.set(id, [{ keyId, plan, resolve, reject }])
        if (!scheduled) {
          scheduled = true
          setImmediate(flush)
        }
      })
    },
    async peek(keyId, plan) {
      const fromRedis =
        redis.status === 'ready'
          ? await redis
              .pipeline()
              .get(keyOf('minute', keyId))
              .pttl(keyOf('minute', keyId))
              .get(keyOf('day', keyId))
              .exec()
              .catch(() => null)
          : null
      if (fromRedis && fromRedis.every(([error]) => !error)) {
        const [minute, minuteTtl, day] = fromRedis.map(([, value]) => value) as [
          string | null,
          number,
          string | null,
        ]
        return {
          limit: plan.perMinute,
          remaining: Math.max(
            0,
            Math.min(plan.perMinute - Number(minute ?? 0), plan.perDay - Number(day ?? 0)),
          ),
          resetSeconds: minute === null || minuteTtl < 0 ? MINUTE : seconds(minuteTtl),
        }
      }
      const [minute, day] = await Promise.all([
        memory(MINUTE, plan.perMinute).get(keyId),
        memory(DAY, plan.perDay).get(keyId),
      ])
      return {
        limit: plan.perMinute,
        remaining: Math.max(
          0,
          Math.min(
            plan.perMinute - (minute?.consumedPoints ?? 0),
            plan.perDay - (day?.consumedPoints ?? 0),
          ),
        ),
        resetSeconds: minute ? seconds(minute.msBeforeNext) : MINUTE,
      }
    },
  }
}
