import { describe, expect, it } from 'vitest'
import { createCacheTrust } from './cache-trust.ts'

describe('cache trust', () => {
  it('when not every source of changes is heard, then cached reads are not trusted', () => {
    const trust = createCacheTrust({ sources: ['redis', 'broker'], onRegained: () => undefined })
    expect(trust.trusted()).toBe(false)
    trust.set('redis', true)
    expect(trust.trusted()).toBe(false)
    trust.set('broker', true)
    expect(trust.trusted()).toBe(true)
    trust.set('broker', false)
    expect(trust.trusted()).toBe(false)
  })

  it('when trust is regained, then what was kept before is given up first, once', () => {
    let regained = 0
    const trust = createCacheTrust({ sources: ['redis'], onRegained: () => regained++ })
    trust.set('redis', true)
    trust.set('redis', true)
    expect(regained).toBe(1)
    trust.set('redis', false)
    trust.set('redis', true)
    expect(regained).toBe(2)
  })

  it('when a source is not needed (no broker configured), then it does not count', () => {
    const trust = createCacheTrust({ sources: ['redis'], onRegained: () => undefined })
    trust.set('broker', false)
    trust.set('redis', true)
    expect(trust.trusted()).toBe(true)
  })
})
