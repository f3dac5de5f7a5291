import { describe, expect, it } from 'vitest'
import { retryAfterSecondsOf } from './cms-api-error.ts'
import { DEFAULT_RETRY, retryDelayMs } from './retry-policy.ts'

const policy = { ...DEFAULT_RETRY, maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 }

describe('retryDelayMs', () => {
  it('when Retry-After is sent, then the wait is at least that long plus under baseDelayMs of jitter', () => {
    expect(retryDelayMs({ policy, attempt: 1, retryAfterSeconds: 3, random: () => 0 })).toBe(3_000)
    expect(retryDelayMs({ policy, attempt: 1, retryAfterSeconds: 3, random: () => 0.99 })).toBe(
      3_099,
    )
  })

  it('when Retry-After is longer than maxRetryAfterMs, then the client stops rather than wait', () => {
    expect(
      retryDelayMs({
        policy: { ...policy, maxRetryAfterMs: 5_000 },
        attempt: 1,
        retryAfterSeconds: 6,
      }),
    ).toBeUndefined()
  })

  it('when no Retry-After is sent, then the backoff doubles with equal jitter up to maxDelayMs', () => {
    const low = (attempt: number) =>
      retryDelayMs({ policy, attempt, retryAfterSeconds: undefined, random: () => 0 })
    const high = (attempt: number) =>
      retryDelayMs({ policy, attempt, retryAfterSeconds: undefined, random: () => 1 })
    expect([low(1), high(1)]).toEqual([50, 100])
    expect([low(2), high(2)]).toEqual([100, 200])
    expect([low(3), high(3)]).toEqual([200, 400])
    const capped = retryDelayMs({
      policy: { ...policy, maxAttempts: 10 },
      attempt: 8,
      retryAfterSeconds: undefined,
      random: () => 1,
    })
    expect(capped).toBe(1_000)
  })

  it('when the attempts are used up, then there is no further wait', () => {
    expect(retryDelayMs({ policy, attempt: 4, retryAfterSeconds: 1 })).toBeUndefined()
    expect(
      retryDelayMs({
        policy: { ...policy, maxAttempts: 1 },
        attempt: 1,
        retryAfterSeconds: undefined,
      }),
    ).toBeUndefined()
  })
})

describe('retryAfterSecondsOf', () => {
  it('when Retry-After is seconds or an HTTP date, then it is seconds from now; anything else is ignored', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterSecondsOf('12', now)).toBe(12)
    expect(retryAfterSecondsOf('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5)
    expect(retryAfterSecondsOf('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0)
    expect(retryAfterSecondsOf('soon', now)).toBeUndefined()
    expect(retryAfterSecondsOf(null, now)).toBeUndefined()
  })
})
