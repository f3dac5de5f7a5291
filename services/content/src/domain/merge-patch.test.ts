import { describe, expect, it } from 'vitest'
import { mergeData } from './merge-patch.ts'

describe('mergeData', () => {
  it('when a key is sent, then it replaces that key and keeps the others', () => {
    expect(mergeData({ title: 'a', body: 'b' }, { title: 'c' })).toEqual({ title: 'c', body: 'b' })
  })

  it('when a key is null, then it is removed', () => {
    expect(mergeData({ title: 'a', body: 'b' }, { body: null })).toEqual({ title: 'a' })
  })

  it('when a value is an object, then it replaces the whole value (one level deep)', () => {
    expect(mergeData({ rich: { type: 'doc', content: [1] } }, { rich: { type: 'x' } })).toEqual({
      rich: { type: 'x' },
    })
  })

  it('when the inputs are merged, then neither is changed', () => {
    const current = { a: 1 }
    const patch = { a: null, b: 2 }
    mergeData(current, patch)
    expect(current).toEqual({ a: 1 })
    expect(patch).toEqual({ a: null, b: 2 })
  })

  it('when the patch has a __proto__ key, then it becomes an own member and no prototype changes', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "title": "t"}') as Record<
      string,
      unknown
    >
    const merged = mergeData({}, patch)
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype)
    expect(Object.keys(merged).sort()).toEqual(['__proto__', 'title'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((merged as Record<string, unknown>).polluted).toBeUndefined()
  })
})
