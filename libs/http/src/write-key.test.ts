import { describe, expect, it } from 'vitest'
import { idOfKeyedCreate } from './write-key.ts'

describe('idOfKeyedCreate', () => {
  it('when given a write key, then it makes the same RFC 9562 version 8 UUID each time, and another one for another key', () => {
    const key = 'f'.repeat(64)
    const id = idOfKeyedCreate(key)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(idOfKeyedCreate(key)).toBe(id)
    expect(idOfKeyedCreate(`0${key.slice(1)}`)).not.toBe(id)
  })
})
