import { describe, expect, it } from 'vitest'
import { createSlotLimiter } from './slot-limiter.ts'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))
const a = (target: string) => ({ websiteId: 'a', target })
const b = (target: string) => ({ websiteId: 'b', target })

/** A clock the test moves: attempts running longer than `slowMs` make their website slow. */
function manualClock() {
  let now = 0
  return { now: () => now, advance: (ms: number) => void (now += ms) }
}
const SLOW_MS = 20

describe('createSlotLimiter', () => {
  it('when a website and address pair is at its limit, then the next task waits until a slot frees', async () => {
    const limiter = createSlotLimiter({
      website: 10,
      target: 10,
      websiteTarget: 2,
      slowMs: SLOW_MS,
    })
    const gates = [deferred(), deferred(), deferred()]
    const started: number[] = []
    const runs = gates.map((gate, i) =>
      limiter.tryRun(a('10.0.0.1'), async () => {
        started.push(i)
        await gate.promise
      }),
    )
    await tick()
    expect(started).toEqual([0, 1])
    gates[0]!.resolve()
    await runs[0]
    await tick()
    expect(started).toEqual([0, 1, 2])
    gates[1]!.resolve()
    gates[2]!.resolve()
    await Promise.all(runs)
    expect(limiter.inFlight(a('10.0.0.1'))).toBe(0)
  })

  it('when a slow website holds all it may at an address, then another website still runs there at once', async () => {
    const clock = manualClock()
    const limiter = createSlotLimiter(
      { website: 2, target: 10, websiteTarget: 1, slowMs: SLOW_MS },
      clock.now,
    )
    const gate = deferred()
    const held = [
      limiter.tryRun(a('127.0.0.1'), () => gate.promise),
      limiter.tryRun(a('127.0.0.1'), () => gate.promise),
    ]
    expect(held.every((run) => run !== undefined)).toBe(true)
    expect(limiter.isFull('a'), 'not slow yet').toBe(false)
    clock.advance(SLOW_MS + 1)
    expect(limiter.tryRun(a('127.0.0.1'), async () => 'never')).toBeUndefined()
    expect(limiter.isFull('a')).toBe(true)
    expect(limiter.isFull('b')).toBe(false)
    await expect(limiter.tryRun(b('127.0.0.1'), async () => 'done')).resolves.toBe('done')
    gate.resolve()
    await Promise.all(held)
  })

  it('when a slow website has a backlog at many addresses, then its share is capped and another website is not', async () => {
    const clock = manualClock()
    const limiter = createSlotLimiter(
      { website: 4, target: 10, websiteTarget: 10, slowMs: SLOW_MS },
      clock.now,
    )
    const gate = deferred()
    const runs = [1, 2, 3, 4].map((n) => limiter.tryRun(a(`10.0.0.${n}`), () => gate.promise))
    expect(runs.every((run) => run !== undefined)).toBe(true)
    clock.advance(SLOW_MS + 1)
    expect(limiter.tryRun(a('10.0.0.9'), async () => 'never')).toBeUndefined()
    expect(limiter.isFull('a')).toBe(true)
    await expect(limiter.tryRun(b('10.0.0.1'), async () => 'done')).resolves.toBe('done')
    gate.resolve()
    await Promise.all(runs)
    expect(limiter.isFull('a')).toBe(false)
  })

  it('when an address is at its limit for all websites together, then a further website waits', async () => {
    const limiter = createSlotLimiter({
      website: 10,
      target: 1,
      websiteTarget: 10,
      slowMs: SLOW_MS,
    })
    const gate = deferred()
    const first = limiter.tryRun(a('10.0.0.1'), () => gate.promise)
    let started = false
    const second = limiter.tryRun(b('10.0.0.1'), async () => {
      started = true
    })
    await tick()
    expect(started).toBe(false)
    gate.resolve()
    await Promise.all([first, second])
    expect(started).toBe(true)
  })

  it('when a website answers quickly, then it is not held to its share however many jobs it has', async () => {
    const limiter = createSlotLimiter({ website: 2, target: 10, websiteTarget: 2, slowMs: SLOW_MS })
    const runs = Array.from({ length: 10 }, (_, n) => limiter.tryRun(a('10.0.0.1'), async () => n))
    expect(runs.every((run) => run !== undefined)).toBe(true)
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('when a website turns slow with jobs waiting past its share, then those are let go unrun and another website runs', async () => {
    const clock = manualClock()
    const limiter = createSlotLimiter(
      { website: 2, target: 10, websiteTarget: 1, slowMs: SLOW_MS },
      clock.now,
    )
    const gate = deferred()
    let ran = 0
    const runs = Array.from({ length: 4 }, () =>
      limiter.tryRun(a('10.0.0.1'), async () => {
        ran += 1
        await gate.promise
        return 'ran'
      }),
    )
    clock.advance(SLOW_MS + 1)
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS * 3))
    // The newest two were let go; the running one and one waiter stay within the share of 2.
    expect(await Promise.race([runs[3], tick().then(() => 'waiting')])).toBeUndefined()
    expect(await Promise.race([runs[2], tick().then(() => 'waiting')])).toBeUndefined()
    expect(await Promise.race([runs[1], tick().then(() => 'waiting')])).toBe('waiting')
    await expect(limiter.tryRun(b('10.0.0.1'), async () => 'done')).resolves.toBe('done')
    gate.resolve()
    expect(await Promise.all(runs.slice(0, 2))).toEqual(['ran', 'ran'])
    expect(ran).toBe(2)
  })

  it('when a task fails, then its slot is released', async () => {
    const limiter = createSlotLimiter({ website: 1, target: 1, websiteTarget: 1, slowMs: SLOW_MS })
    await expect(
      limiter.tryRun(a('h'), async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom')
    await expect(limiter.tryRun(a('h'), async () => 'ok')).resolves.toBe('ok')
  })
})
