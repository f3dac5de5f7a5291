import { describe, expect, it } from 'vitest'
import { oneAtATime } from './one-at-a-time.ts'

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('oneAtATime', () => {
  it('when tasks of one key overlap, then they run one after another in the order given', async () => {
    const run = oneAtATime()
    const events: string[] = []
    const task = (name: string, ms: number) => async () => {
      events.push(`start ${name}`)
      await pause(ms)
      events.push(`end ${name}`)
      return name
    }
    const results = await Promise.all([
      run('a', task('1', 20)),
      run('a', task('2', 1)),
      run('a', task('3', 1)),
    ])
    expect(results).toEqual(['1', '2', '3'])
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3'])
  })

  it('when tasks have different keys, then they run at the same time', async () => {
    const run = oneAtATime()
    const events: string[] = []
    const task = (name: string) => async () => {
      events.push(`start ${name}`)
      await pause(5)
      events.push(`end ${name}`)
    }
    await Promise.all([run('a', task('a')), run('b', task('b'))])
    expect(events.slice(0, 2)).toEqual(['start a', 'start b'])
  })

  it('when a task fails, then its caller gets the error and the next task of the key still runs', async () => {
    const run = oneAtATime()
    const failed = run('a', async () => {
      throw new Error('boom')
    })
    const next = run('a', async () => 'ran')
    await expect(failed).rejects.toThrow('boom')
    await expect(next).resolves.toBe('ran')
  })
})
