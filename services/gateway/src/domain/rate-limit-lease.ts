import type { RateLimitPlan } from './rate-limit-plan.ts'

/** A window's count as Redis answered it, and how long until the window ends. */
export interface WindowCount {
  consumed: number
  msBeforeNext: number
}

/**
 * Points of a key taken from the shared counters ahead of its requests, as Envoy's local rate
 * limits take tokens from the global one: while a lease lasts, the key's requests on this
 * instance are counted here, without a Redis round trip.
 */
export interface Lease {
  /** Points taken and not used yet. */
  left: number
  /** The windows' counts through the last request this instance let through. */
  minute: number
  day: number
  minuteEndsAt: number
  dayEndsAt: number
}

/** A lease is at most this share of what the plan has left, so near its end counting is exact. */
const PLAN_SHARE = 10
/**
 * And about what the key's requests of the next 100 ms need, judging by the last second: a key
 * sending a few requests a second is counted in Redis request by request, as it always was.
 */
const RATE_SHARE = 10
/** And at most this many points. */
export const MAX_LEASE = 100

/** How many requests a key sent in the last whole second, and so far in this one. */
export interface RecentRate {
  second: number
  thisSecond: number
  lastSecond: number
}

/** A key's rate before its first request. */
export const newRate = (): RecentRate => ({ second: -2, thisSecond: 0, lastSecond: 0 })

/** Counts a request of the key in its second. */
export function noteRequest(rate: RecentRate, now: number): void {
  const second = Math.floor(now / 1000)
  if (second !== rate.second) {
    rate.lastSecond = second === rate.second + 1 ? rate.thisSecond : 0
    rate.thisSecond = 0
    rate.second = second
  }
  rate.thisSecond += 1
}

/** Points to take beyond the requests that ask now, from the counts the last answer gave. */
export function leaseSize(
  plan: RateLimitPlan,
  lease: Lease | undefined,
  rate: RecentRate | undefined,
  now: number,
): number {
  if (!lease || !isCurrent(lease, now) || !rate) return 0
  const remaining = Math.min(plan.perMinute - lease.minute, plan.perDay - lease.day)
  const lastSecond = Math.floor(now / 1000) === rate.second ? rate.lastSecond : 0
  const size = Math.min(
    MAX_LEASE,
    Math.floor(remaining / PLAN_SHARE),
    Math.floor(lastSecond / RATE_SHARE),
  )
  return Math.max(0, size)
}

/** The points were counted in windows that have not ended: a new window starts at zero. */
const isCurrent = (lease: Lease, now: number) => now < Math.min(lease.minuteEndsAt, lease.dayEndsAt)

/**
 * The lease left after Redis counted `requests` plus `extra` points and answered `minute` and
 * `day`: the extra points that still fit the plan (another instance may have counted since).
 */
export function leaseAfter(
  plan: RateLimitPlan,
  counted: { minute: WindowCount; day: WindowCount; extra: number },
  now: number,
): Lease {
  const minute = counted.minute.consumed - counted.extra
  const day = counted.day.consumed - counted.extra
  const fits = Math.min(plan.perMinute - minute, plan.perDay - day)
  return {
    left: Math.max(0, Math.min(counted.extra, fits)),
    minute,
    day,
    minuteEndsAt: now + counted.minute.msBeforeNext,
    dayEndsAt: now + counted.day.msBeforeNext,
  }
}

/**
 * Takes one point of the lease for a request: the windows' counts with it, or undefined when
 * the lease is used up or its window ended (Redis is asked).
 */
export function takeFromLease(
  lease: Lease | undefined,
  now: number,
): { minute: WindowCount; day: WindowCount } | undefined {
  if (!lease || lease.left === 0 || !isCurrent(lease, now)) return undefined
  lease.left -= 1
  lease.minute += 1
  lease.day += 1
  return windowsOf(lease, now)
}

/** The windows as the lease knows them (for a request's headers without counting it). */
export function windowsOf(lease: Lease, now: number): { minute: WindowCount; day: WindowCount } {
  return {
    minute: { consumed: lease.minute, msBeforeNext: lease.minuteEndsAt - now },
    day: { consumed: lease.day, msBeforeNext: lease.dayEndsAt - now },
  }
}

/** Whether the lease still speaks for the key's windows (for `peek`). */
export const leaseIsCurrent = (lease: Lease | undefined, now: number): lease is Lease =>
  lease !== undefined && isCurrent(lease, now)
