import { describe, expect, it } from 'vitest'
import { groupCommit } from './group-commit.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('groupCommit', () => {
  it('writes an item at once when nothing is in flight', async () => {
    const writes: number[][] = []
    const commit = groupCommit<number>(
      async (items) => {
        writes.push(items)
        return []
      },
      { maxItems: 10 },
    )
    await commit(1)
    await commit(2)
    expect(writes).toEqual([[1], [2]])
  })

  it('gathers the items that arrive during a write into the next, up to maxItems each', async () => {
    const writes: number[][] = []
    const commit = groupCommit<number>(
      async (items) => {
        writes.push(items)
        await tick()
        return []
      },
      { maxItems: 3 },
    )
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => commit(n)))
    expect(writes).toEqual([[1], [2, 3, 4], [5, 6, 7]])
  })

  it("answers each caller the write's result for its item", async () => {
    const commit = groupCommit<number, string>(
      async (items) => {
        await tick()
        return items.map((item) => `stored ${item}`)
      },
      { maxItems: 10 },
    )
    expect(await Promise.all([commit(1), commit(2), commit(3)])).toEqual([
      'stored 1',
      'stored 2',
      'stored 3',
    ])
  })

  it('rejects the callers of a failed write only, and goes on with the next', async () => {
    const commit = groupCommit<number>(
      async (items) => {
        await tick()
        if (items.includes(2)) throw new Error('storage down')
        return []
      },
      { maxItems: 10 },
    )
    const outcomes = await Promise.allSettled([commit(1), commit(2), commit(3)])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected'])
    await expect(commit(4)).resolves.toBeUndefined()
  })
})
