import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { syncTokens } from './sync-token.ts'

const tokens = syncTokens('a-secret-of-sixteen-chars')
const position = {
  websiteId: 'w1',
  seq: 41,
  upTo: 50,
  after: 'doc-9',
  documents: true as const,
  type: 'article',
  locale: 'fr',
  draft: true as const,
}

describe('sync tokens', () => {
  it('when a position is encoded, then decoding it for its website gives it back', () => {
    expect(tokens.decode(tokens.encode(position), 'w1')).toEqual(position)
    expect(tokens.decode(tokens.encode({ websiteId: 'w1', seq: 0 }), 'w1')).toEqual({
      websiteId: 'w1',
      seq: 0,
    })
  })

  it('when a token is changed anywhere, made with another secret or read for another website, then it is refused', () => {
    const token = tokens.encode(position)
    const [body, signature] = token.split('.') as [string, string]
    const changed = [
      `${body}.${signature}A`,
      `${body}A.${signature}`,
      `${body.slice(0, -1)}${body.at(-1) === 'A' ? 'B' : 'A'}.${signature}`,
      `${body}`,
      '',
      syncTokens('another-secret-of-16').encode(position),
    ]
    for (const bad of changed) expect(() => tokens.decode(bad, 'w1')).toThrow(ValidationError)
    expect(() => tokens.decode(token, 'w2')).toThrow(ValidationError)
  })
})
