import { describe, expect, it } from 'vitest'
import { createTransformGate, TransformsBusyError } from './transform-gate.ts'

/** A piece of work that ends when `finish` is called. */
function pending() {
  let finish = () => {}
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  return { work: () => done, finish: () => finish() }
}

describe('the transform gate', () => {
  it('when the slots are taken, then the next waits its turn and runs once one ends', async () => {
    const gate = createTransformGate({ slots: 2, budget: 100, queue: 5, waitMs: 5000 })
    const a = pending()
    const b = pending()
    const first = gate.run(10, a.work)
    const second = gate.run(10, b.work)
    let thirdRan = false
    const third = gate.run(10, async () => {
      thirdRan = true
    })
    expect(gate.load()).toEqual({ running: 2, waiting: 1 })
    a.finish()
    await first
    await third
    expect(thirdRan).toBe(true)
    b.finish()
    await second
    expect(gate.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('when the weights together pass the budget, then a heavy one runs alone', async () => {
    const gate = createTransformGate({ slots: 4, budget: 100, queue: 5, waitMs: 5000 })
    const light = pending()
    const running = gate.run(30, light.work)
    const heavy = gate.run(80, async () => gate.load())
    expect(gate.load()).toEqual({ running: 1, waiting: 1 })
    light.finish()
    await running
    expect(await heavy).toEqual({ running: 1, waiting: 0 })
    // More than the budget on its own still runs, alone.
    expect(await gate.run(500, async () => gate.load())).toEqual({ running: 1, waiting: 0 })
  })

  it('when the queue is full or the wait passes, then 503 SERVICE_UNAVAILABLE with a retry time', async () => {
    const gate = createTransformGate({ slots: 1, budget: 100, queue: 1, waitMs: 50 })
    const busy = pending()
    const running = gate.run(10, busy.work)
    const waiting = gate.run(10, async () => 'ran')
    const refused = await gate.run(10, async () => 'ran').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TransformsBusyError)
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 1 })
    await expect(waiting).rejects.toBeInstanceOf(TransformsBusyError)
    expect(gate.load()).toEqual({ running: 1, waiting: 0 })
    busy.finish()
    await running
    expect(await gate.run(10, async () => 'ran')).toBe('ran')
  })
})
