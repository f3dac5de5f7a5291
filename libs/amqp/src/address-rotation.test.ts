import { describe, expect, it } from 'vitest'
import { createAddressRotation } from './address-rotation.ts'

describe('createAddressRotation', () => {
  it('when the address in use fails, then the next one is tried first, after a short pause', () => {
    const rotation = createAddressRotation(3)
    expect(rotation.current()).toBe(0)
    rotation.failed()
    expect(rotation.current()).toBe(1)
    expect(rotation.nextDelayMs()).toBe(100)
  })

  it('when every address failed, then the rotation wraps and the pause grows per round up to the cap', () => {
    const rotation = createAddressRotation(2, { initialDelayMs: 200, maxDelayMs: 1000 })
    const delays: number[] = []
    const visited: number[] = []
    for (let i = 0; i < 10; i++) {
      rotation.failed()
      visited.push(rotation.current())
      delays.push(rotation.nextDelayMs())
    }
    expect(visited).toEqual([1, 0, 1, 0, 1, 0, 1, 0, 1, 0])
    expect(delays).toEqual([100, 200, 200, 400, 400, 800, 800, 1000, 1000, 1000])
  })

  it('when a connection succeeds, then the next failure is retried quickly again', () => {
    const rotation = createAddressRotation(2)
    for (let i = 0; i < 5; i++) rotation.failed()
    expect(rotation.nextDelayMs()).toBeGreaterThan(100)
    rotation.connected()
    rotation.failed()
    expect(rotation.nextDelayMs()).toBe(100)
  })
})
