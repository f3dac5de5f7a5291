import { describe, expect, it } from 'vitest'
import { createHostLimiter } from './host-limiter.ts'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('createHostLimiter', () => {
  it('when a host is at its limit, then the next task waits until a slot frees', async () => {
    const limiter = createHostLimiter({ concurrency: 2, maxWaiting: 5 })
    const gates = [deferred(), deferred(), deferred()]
    const started: number[] = []
    const runs = gates.map((gate, i) =>
      limiter.tryRun('slow.example', async () => {
        started.push(i)
        await gate.promise
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(started).toEqual([0, 1])
    expect(limiter.inFlight('slow.example')).toBe(2)
    gates[0]!.resolve()
    await runs[0]
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(started).toEqual([0, 1, 2])
    expect(limiter.inFlight('slow.example')).toBe(2)
    gates[1]!.resolve()
    gates[2]!.resolve()
    await Promise.all(runs)
    expect(limiter.inFlight('slow.example')).toBe(0)
  })

  it('when a slow host is saturated, then another host still runs at once', async () => {
    const limiter = createHostLimiter({ concurrency: 1, maxWaiting: 0 })
    const gate = deferred()
    const slow = limiter.tryRun('slow.example', () => gate.promise)
    expect(slow).toBeDefined()
    expect(limiter.isFull('slow.example')).toBe(true)
    expect(limiter.isFull('fast.example')).toBe(false)
    expect(limiter.tryRun('slow.example', async () => 'never')).toBeUndefined()
    await expect(limiter.tryRun('fast.example', async () => 'done')).resolves.toBe('done')
    gate.resolve()
    await slow
  })

  it('when a task fails, then its slot is released', async () => {
    const limiter = createHostLimiter({ concurrency: 1, maxWaiting: 0 })
    await expect(
      limiter.tryRun('h', async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom')
    await expect(limiter.tryRun('h', async () => 'ok')).resolves.toBe('ok')
  })
})
