import { describe, expect, it } from 'vitest'
import { retryDelayMs } from './retry-backoff.ts'

describe('retryDelayMs', () => {
  it('when a purge keeps failing, then the pause doubles up to the cap', () => {
    const most = (attempt: number) => retryDelayMs(attempt, { maxMs: 5000, random: () => 1 })
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(most)).toEqual([
      200, 400, 800, 1600, 3200, 5000, 5000, 5000,
    ])
  })

  it('when jittered, then the pause lies between half and all of the step', () => {
    expect(retryDelayMs(3, { maxMs: 5000, random: () => 0 })).toBe(400)
    expect(retryDelayMs(3, { maxMs: 5000, random: () => 0.5 })).toBe(600)
  })
})
