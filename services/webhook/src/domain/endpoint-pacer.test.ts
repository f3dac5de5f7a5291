import { describe, expect, it } from 'vitest'
import { createEndpointPacer } from './endpoint-pacer.ts'

describe('createEndpointPacer', () => {
  it('when an endpoint times out the set number of times in a row, then it is paused for the pause', () => {
    const pacer = createEndpointPacer({ afterTimeouts: 2, pauseMs: 1000 })
    pacer.record('e', { timedOut: true }, 0)
    expect(pacer.pausedUntil('e', 1)).toBeUndefined()
    pacer.record('e', { timedOut: true }, 10)
    expect(pacer.pausedUntil('e', 11)).toBe(1010)
    expect(pacer.pausedUntil('other', 11)).toBeUndefined()
    expect(pacer.pausedUntil('e', 1010)).toBeUndefined()
  })

  it('when a probe after the pause times out again, then the endpoint is paused again at once', () => {
    const pacer = createEndpointPacer({ afterTimeouts: 3, pauseMs: 100 })
    for (const now of [0, 1, 2]) pacer.record('e', { timedOut: true }, now)
    pacer.record('e', { timedOut: true }, 200)
    expect(pacer.pausedUntil('e', 201)).toBe(300)
  })

  it('when an attempt does not time out, then the run is broken', () => {
    const pacer = createEndpointPacer({ afterTimeouts: 2, pauseMs: 100 })
    pacer.record('e', { timedOut: true }, 0)
    pacer.record('e', { timedOut: false }, 1)
    pacer.record('e', { timedOut: true }, 2)
    expect(pacer.pausedUntil('e', 3)).toBeUndefined()
  })
})
