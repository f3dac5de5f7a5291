import { describe, expect, it } from 'vitest'
import { rollForward } from './claims.ts'

describe('rollForward', () => {
  it('when versions after the shown one are claimed, then each is applied in order until none is left', async () => {
    const claimed = new Map([
      [3, 'c'],
      [4, 'd'],
      [6, 'f'],
    ])
    const applied: string[] = []
    await rollForward({
      shown: 2,
      claimOf: async (version) => claimed.get(version),
      apply: async (claim) => (applied.push(claim), true),
    })
    expect(applied).toEqual(['c', 'd'])
  })

  it('when apply says stop (the record is gone), then the walk ends there', async () => {
    const applied: number[] = []
    await rollForward({
      shown: 0,
      claimOf: async (version) => version,
      apply: async (claim) => (applied.push(claim), claim < 2),
    })
    expect(applied).toEqual([1, 2])
  })

  it('when claims never end, then the walk stops after maxSteps', async () => {
    let applied = 0
    await rollForward({
      shown: 0,
      claimOf: async (version) => version,
      apply: async () => (applied++, true),
      maxSteps: 7,
    })
    expect(applied).toBe(7)
  })
})
