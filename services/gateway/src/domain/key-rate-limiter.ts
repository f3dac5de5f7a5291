import { LRUCache } from 'lru-cache'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import type { RateLimitPlan } from './rate-limit-plan.ts'
import {
  leaseAfter,
  leaseIsCurrent,
  leaseSize,
  newRate,
  noteRequest,
  takeFromLease,
  windowsOf,
} from './rate-limit-lease.ts'
import type { Lease, RecentRate, WindowCount } from './rate-limit-lease.ts'

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

interface Waiting {
  resolve: (verdict: RateLimitVerdict) => void
  reject: (error: unknown) => void
}

/** What this instance knows of one key's counting under one plan. */
interface KeyCounting {
  rate: RecentRate
  lease?: Lease
  /** The count under way: what a request that found no lease waits for. */
  asking?: Promise<void>
}

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000))

/** The verdict for the request that brought the windows' counts to `minute` / `day`. */
function verdictOf(plan: RateLimitPlan, minute: WindowCount, day: WindowCount): RateLimitVerdict {
  const state: RateLimitState = {
    limit: plan.perMinute,
    remaining: Math.max(0, Math.min(plan.perMinute - minute.consumed, plan.perDay - day.consumed)),
    resetSeconds: seconds(minute.msBeforeNext),
  }
  const refusing = [
    ...(minute.consumed > plan.perMinute ? [minute] : []),
    ...(day.consumed > plan.perDay ? [day] : []),
  ]
  if (refusing.length === 0) return { allowed: true, state }
  return {
    allowed: false,
    state: { ...state, remaining: 0 },
    retryAfterSeconds: Math.max(...refusing.map((window) => seconds(window.msBeforeNext))),
  }
}

/**
 * rate-limiter-flexible's fixed windows in Redis, shared by every instance, one limiter per
 * (window, points). When a Redis command fails (unreachable, time-out, READONLY during a
 * failover) each instance enforces the same plan in its own
 * memory (the library's insurance limiter): the gateway keeps serving and a single client stays
 * bounded, at worst by the plan times the number of instances.
 *
 * Requests of one key that arrive in the same event-loop turn are counted together with one
 * `consume(key, n)` per window (one Redis script each instead of two per request; the gateway's
 * CPU profile put those at a sixth of its time). The i-th of them gets the verdict it would have
 * got alone, from the count the batch reached minus the requests after it.
 *
 * Each count also takes a lease (`rate-limit-lease.ts`): about what the key's requests of the
 * next 100 ms need by its last second here, at most a tenth of what the plan has left and 100
 * points, which its next requests here use without asking Redis (none below 10 a second).
 * Requests that find the lease used up while this instance is asking wait for that answer. On
 * one instance every verdict and header is what counting each request in Redis would give; with
 * several, the points one instance holds are counted for the others, which may refuse a key up
 * to a tenth of its remaining plan early (never late: what is leased never exceeds the plan).
 */
export function createKeyRateLimiter(deps: {
  redis: Redis
  prefix: string
  /** Milliseconds since the epoch (tests move it); Redis keeps its own time for the windows. */
  clock?: () => number
}): KeyRateLimiter {
  const clock = deps.clock ?? Date.now
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
        // The fallback follows what Redis answers, not the client's `status`: a client can be
        // `ready` on a server that refuses writes (a demoted primary) or reconnecting while a
        // command would already succeed. Without an offline queue a command on a closed
        // connection fails at once, and any failure counts in memory (the insurance limiter).
        rejectIfRedisNotReady: false,
        insuranceLimiter: new RateLimiterMemory({ points, duration: window }),
      })
      limiters.set(id, limiter)
    }
    return limiter
  }

  /** Counts `n` points; a refusal still counts, and is just a count over the plan here. */
  const count = async (window: Window, points: number, keyId: string, n: number) => {
    try {
      const res = await limiterFor(window, points).consume(keyId, n)
      return { consumed: res.consumedPoints, msBeforeNext: res.msBeforeNext }
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error
      return { consumed: error.consumedPoints, msBeforeNext: error.msBeforeNext }
    }
  }

  /** By key and plan (a plan may change while an old lease lasts). */
  const counting = new LRUCache<string, KeyCounting>({ max: 10_000 })
  const idOf = (keyId: string, plan: RateLimitPlan) => `${keyId} ${plan.perMinute} ${plan.perDay}`

  async function settle(
    state: KeyCounting,
    keyId: string,
    plan: RateLimitPlan,
    waiting: Waiting[],
  ): Promise<void> {
    const n = waiting.length
    // The windows' ends are counted from before the ask, so a lease never outlives its window.
    const askedAt = clock()
    const extra = leaseSize(plan, state.lease, state.rate, askedAt)
    const [minute, day] = await Promise.all([
      count(MINUTE, plan.perMinute, keyId, n + extra),
      count(DAY, plan.perDay, keyId, n + extra),
    ])
    state.lease = leaseAfter(plan, { minute, day, extra }, askedAt)
    waiting.forEach((one, i) => {
      const after = extra + n - 1 - i
      one.resolve(
        verdictOf(
          plan,
          { ...minute, consumed: minute.consumed - after },
          { ...day, consumed: day.consumed - after },
        ),
      )
    })
  }

  interface Batch {
    state: KeyCounting
    keyId: string
    plan: RateLimitPlan
    waiting: Waiting[]
  }
  let batch = new Map<KeyCounting, Batch>()
  function flush(): void {
    const ready = batch
    batch = new Map()
    for (const { state, keyId, plan, waiting } of ready.values()) {
      state.asking = settle(state, keyId, plan, waiting)
        .catch((error: unknown) => waiting.forEach((one) => one.reject(error)))
        .finally(() => delete state.asking)
    }
  }

  function consume(keyId: string, plan: RateLimitPlan): Promise<RateLimitVerdict> {
    const id = idOf(keyId, plan)
    let state = counting.get(id)
    if (!state) counting.set(id, (state = { rate: newRate() }))
    const now = clock()
    noteRequest(state.rate, now)
    return leasedOrCounted(state, keyId, plan, now)
  }

  /** From the lease; else with the count under way, or in this turn's batch when none is. */
  function leasedOrCounted(
    state: KeyCounting,
    keyId: string,
    plan: RateLimitPlan,
    now: number,
  ): Promise<RateLimitVerdict> {
    const leased = takeFromLease(state.lease, now)
    if (leased) return Promise.resolve(verdictOf(plan, leased.minute, leased.day))
    if (state.asking) return state.asking.then(() => leasedOrCounted(state, keyId, plan, clock()))
    return new Promise<RateLimitVerdict>((resolve, reject) => {
      if (batch.size === 0) setImmediate(flush)
      const entry = batch.get(state) ?? { state, keyId, plan, waiting: [] }
      entry.waiting.push({ resolve, reject })
      batch.set(state, entry)
    })
  }

  return {
    consume,
    async peek(keyId, plan) {
      const lease = counting.get(idOf(keyId, plan))?.lease
      const now = clock()
      if (leaseIsCurrent(lease, now)) {
        const { minute, day } = windowsOf(lease, now)
        return verdictOf(plan, minute, day).state
      }
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
