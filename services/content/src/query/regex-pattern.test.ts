import { describe, expect, it } from 'vitest'
import { escapeRegex, literalPattern } from './regex-pattern.ts'

describe('escapeRegex', () => {
  it.each(['.', '*', '+', '?', '^', '$', '(', ')', '[', ']', '{', '}', '|', '\\'])(
    'when the text is %s, then it is escaped with one backslash',
    (metacharacter) => {
      expect(escapeRegex(metacharacter)).toBe(`\\${metacharacter}`)
    },
  )

  it.each(['a-b', 'a/b', 'ä ö', '#x', 'a\nb', 'a"b'])(
    'when the text is %j, then it is left as it is',
    (text) => {
      expect(escapeRegex(text)).toBe(text)
    },
  )

  it.each(['(a+)+$', '.*', '[^x]', 'a{1,99999}', '\\d', '(?=x)', '\\'])(
    'when hostile text %j is escaped, then it matches only itself',
    (text) => {
      const pattern = new RegExp(`^${escapeRegex(text)}$`)
      expect(pattern.test(text)).toBe(true)
      expect(pattern.test(`${text}x`)).toBe(false)
    },
  )
})

describe('literalPattern', () => {
  it.each([
    ['contains', 'a.b', 'a\\.b'],
    ['startsWith', 'a.b', '^a\\.b'],
    ['endsWith', 'a.b', 'a\\.b\\z'],
    ['equals', 'a.b', '^a\\.b\\z'],
  ] as const)('when matching %s %j, then the pattern is %j', (match, text, pattern) => {
    expect(literalPattern(text, match)).toBe(pattern)
  })
})
