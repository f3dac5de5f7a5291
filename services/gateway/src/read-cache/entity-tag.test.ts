import { describe, expect, it } from 'vitest'
import { digestTag, noneMatchHolds } from './entity-tag.ts'

describe('entity tags', () => {
  it('when bodies differ, then their digest tags differ, and equal bodies share one', () => {
    const a = digestTag(Buffer.from('{"docs":[1]}'))
    expect(a).toMatch(/^"[A-Za-z0-9_-]+"$/)
    expect(digestTag(Buffer.from('{"docs":[1]}'))).toBe(a)
    expect(digestTag(Buffer.from('{"docs":[2]}'))).not.toBe(a)
  })

  it('when If-None-Match names the tag, weakly, in a list or as *, then it holds', () => {
    expect(noneMatchHolds('"7"', '"7"')).toBe(true)
    expect(noneMatchHolds('W/"7"', '"7"')).toBe(true)
    expect(noneMatchHolds('"1", "7"', '"7"')).toBe(true)
    expect(noneMatchHolds('*', '"7"')).toBe(true)
  })

  it('when If-None-Match names other tags, then it does not hold', () => {
    expect(noneMatchHolds('"8"', '"7"')).toBe(false)
    expect(noneMatchHolds('"77"', '"7"')).toBe(false)
    expect(noneMatchHolds('', '"7"')).toBe(false)
  })
})
