import { describe, expect, it } from 'vitest'
import { referrerList } from './named-referrers.ts'

const docs = [
  { _id: 'a1', type: 'article' },
  { _id: 'e1', type: 'event' },
  { _id: 'e2', type: 'event' },
]

describe('referrerList', () => {
  it('when every type may be read, then it names the first ids and says more past the limit', () => {
    expect(referrerList(docs, undefined, 3)).toBe(': a1, e1, e2')
    expect(referrerList(docs, undefined, 2)).toBe(': a1, e1 and more')
  })

  it('when some referrers are of types the key may not read, then only the others are named, with and more', () => {
    expect(referrerList(docs, ['event'], 3)).toBe(': e1, e2 and more')
  })

  it('when no referrer may be read, then nothing is named', () => {
    expect(referrerList(docs, ['page'], 3)).toBe('')
    expect(referrerList(docs, [], 3)).toBe('')
  })
})
