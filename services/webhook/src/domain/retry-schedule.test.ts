import { describe, expect, it } from 'vitest'
import { outcomeOf } from './retry-schedule.ts'

const delaysMs = [1000, 5000, 25_000]

describe('outcomeOf', () => {
  it('when an attempt succeeds, then the delivery has succeeded', () => {
    expect(outcomeOf({ attempt: 3, succeeded: true, delaysMs })).toEqual({ status: 'succeeded' })
  })

  it('when attempts 1, 2 and 3 fail, then they are retried after 1 s, 5 s and 25 s', () => {
    expect([1, 2, 3].map((attempt) => outcomeOf({ attempt, succeeded: false, delaysMs }))).toEqual([
      { status: 'pending', retryInMs: 1000 },
      { status: 'pending', retryInMs: 5000 },
      { status: 'pending', retryInMs: 25_000 },
    ])
  })

  it('when the fourth attempt (the third retry) fails, then the delivery has failed', () => {
    expect(outcomeOf({ attempt: 4, succeeded: false, delaysMs })).toEqual({ status: 'failed' })
  })
})
