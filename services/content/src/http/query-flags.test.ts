import { describe, expect, it } from 'vitest'
import { parseDraftParam } from './query-flags.ts'

describe('parseDraftParam', () => {
  it('when absent, true or false, then the boolean; otherwise 422', () => {
    expect(parseDraftParam('')).toBe(false)
    expect(parseDraftParam('draft=true')).toBe(true)
    expect(parseDraftParam('draft=false')).toBe(false)
    expect(() => parseDraftParam('draft=yes')).toThrow()
  })
})
