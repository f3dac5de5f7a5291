import { describe, expect, it } from 'vitest'
import {
  leaseAfter,
  leaseSize,
  MAX_LEASE,
  newRate,
  noteRequest,
  takeFromLease,
} from './rate-limit-lease.ts'
import type { RecentRate } from './rate-limit-lease.ts'

const plan = { perMinute: 100_000, perDay: 1_000_000 }
const NOW = 1_000_000

/** What Redis answers after counting: the windows' totals and 30 s / 10 h left in them. */
const counted = (minute: number, day: number, extra: number) => ({
  minute: { consumed: minute, msBeforeNext: 30_000 },
  day: { consumed: day, msBeforeNext: 36_000_000 },
  extra,
})

/** A key that sent `count` requests in the second before `NOW`'s. */
function rateOf(count: number): RecentRate {
  const rate = newRate()
  for (let i = 0; i < count; i++) noteRequest(rate, NOW - 1000)
  noteRequest(rate, NOW)
  return rate
}

describe('rate-limit leases', () => {
  it('when nothing is known of the key yet, then no point is taken ahead', () => {
    expect(leaseSize(plan, undefined, rateOf(5000), NOW)).toBe(0)
    expect(leaseSize(plan, leaseAfter(plan, counted(1, 1, 0), NOW), undefined, NOW)).toBe(0)
  })

  it('when a key sends many requests a second, then a lease is what 100 ms of them need, at most 100 points', () => {
    const lease = leaseAfter(plan, counted(400, 400, 0), NOW)
    expect(leaseSize(plan, lease, rateOf(300), NOW)).toBe(30)
    expect(leaseSize(plan, lease, rateOf(5000), NOW)).toBe(MAX_LEASE)
  })

  it('when a key sends fewer than 10 requests a second, then each is counted in Redis', () => {
    const lease = leaseAfter(plan, counted(400, 400, 0), NOW)
    expect(leaseSize(plan, lease, rateOf(9), NOW)).toBe(0)
    // A second without requests in between: the rate is not known from the last one.
    const rate = newRate()
    for (let i = 0; i < 501; i++) noteRequest(rate, NOW - 5000)
    noteRequest(rate, NOW)
    expect(leaseSize(plan, lease, rate, NOW)).toBe(0)
  })

  it('when the plan has little left, then a lease is at most a tenth of it, and none below ten points', () => {
    const dayNearlyUsed = { perMinute: 100_000, perDay: 450 }
    const lease = leaseAfter(dayNearlyUsed, counted(1, 400, 0), NOW)
    expect(leaseSize(dayNearlyUsed, lease, rateOf(5000), NOW)).toBe(5)
    const nearlyUsed = leaseAfter(plan, counted(99_991, 99_991, 0), NOW)
    expect(leaseSize(plan, nearlyUsed, rateOf(5000), NOW)).toBe(0)
  })

  it('when requests take from a lease, then each sees the count it would have had in Redis, until the lease is used up', () => {
    // Redis counted 3 requests and 4 points ahead: 107 in the window.
    const lease = leaseAfter(plan, counted(107, 107, 4), NOW)
    const taken = [1, 2, 3, 4, 5].map(() => takeFromLease(lease, NOW + 10)?.minute)
    expect(taken).toEqual([
      { consumed: 104, msBeforeNext: 29_990 },
      { consumed: 105, msBeforeNext: 29_990 },
      { consumed: 106, msBeforeNext: 29_990 },
      { consumed: 107, msBeforeNext: 29_990 },
      undefined,
    ])
  })

  it('when another instance counted past the plan meanwhile, then only the points within it are leased', () => {
    const small = { perMinute: 100, perDay: 100_000 }
    const lease = leaseAfter(small, counted(105, 105, 8), NOW)
    expect(lease).toMatchObject({ left: 3, minute: 97 })
    expect(leaseAfter(small, counted(130, 130, 8), NOW).left).toBe(0)
  })

  it('when the window ends, then the lease is dropped: its points were counted in the old window', () => {
    const lease = leaseAfter(plan, counted(10, 10, 50), NOW)
    expect(takeFromLease(lease, NOW + 29_999)).toBeDefined()
    expect(takeFromLease(lease, NOW + 30_000)).toBeUndefined()
    expect(leaseSize(plan, lease, rateOf(5000), NOW + 30_000)).toBe(0)
  })
})
