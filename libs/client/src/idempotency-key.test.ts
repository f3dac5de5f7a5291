import { afterEach, describe, expect, it, vi } from 'vitest'
import { newIdempotencyKey } from './idempotency-key.ts'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

afterEach(() => vi.unstubAllGlobals())

describe('newIdempotencyKey', () => {
  it('when crypto.randomUUID is missing (a browser page over http), then getRandomValues makes a v4 UUID', () => {
    const { getRandomValues } = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) })
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()))
    expect(keys.size).toBe(50)
    for (const key of keys) expect(key).toMatch(UUID_V4)
  })

  it('when crypto.randomUUID exists, then it makes the key', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4)
  })
})
