import { describe, expect, it } from 'vitest'
import { MAX_VALUE_DEPTH, storageProblem } from './storable-value.ts'

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf'
  for (let level = 0; level < depth; level++) value = { child: value }
  return value
}

describe('storageProblem', () => {
  it.each<[string, unknown, string | undefined]>([
    ['a string', 'text with \u0000 NUL', undefined],
    ['null', null, undefined],
    ['a plain object', { a: 1, b: [1, { c: 'd' }], 'ü ñ 😀': true, '': 0 }, undefined],
    [
      'a rich-text document',
      {
        type: 'doc',
        content: [{ type: 'p', content: [{ type: 'text', text: 'x' }] }],
      },
      undefined,
    ],
    [
      'a key starting with $',
      { $where: 1 },
      'must not have keys that start with $ (found "$where")',
    ],
    [
      'a nested key starting with $',
      { a: [{ b: { $gt: 1 } }] },
      'must not have keys that start with $ (found "$gt")',
    ],
    ['a key with a dot', { 'a.b': 1 }, 'must not have keys that contain a dot (found "a.b")'],
    ['a key with a NUL', { 'a\u0000b': 1 }, 'must not have keys that contain NUL characters'],
    ['an array in an array', [[1, 2]], 'must not have an array directly inside an array'],
    [
      'an array in an array in an object',
      { a: [1, [2]] },
      'must not have an array directly inside an array',
    ],
    ['an array in an object in an array', [{ a: [1] }], undefined],
    [`nesting of ${MAX_VALUE_DEPTH} levels`, nested(MAX_VALUE_DEPTH), undefined],
    [
      `nesting of ${MAX_VALUE_DEPTH + 1} levels`,
      nested(MAX_VALUE_DEPTH + 1),
      `must not be nested more than ${MAX_VALUE_DEPTH} levels deep`,
    ],
  ])('when the value is %s, then the problem is the expected one', (_, value, expected) => {
    expect(storageProblem(value)).toBe(expected)
  })

  it('when a value is nested 100,000 levels deep, then the walk stops at the limit without overflowing', () => {
    expect(storageProblem(nested(100_000))).toBe(
      `must not be nested more than ${MAX_VALUE_DEPTH} levels deep`,
    )
  })
})
