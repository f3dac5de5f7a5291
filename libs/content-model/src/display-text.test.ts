import { describe, expect, it } from 'vitest'
import { displayTextProblem } from './display-text.ts'

describe('displayTextProblem', () => {
  it.each<
    [unknown, { max: number; allowEmpty?: boolean; multiline?: boolean }, string | undefined]
  >([
    ['Blog post', { max: 10 }, undefined],
    ['Überschrift 🎉 記事 مقالة', { max: 200 }, undefined],
    ['👩‍👩‍👧‍👦'.repeat(2), { max: 14 }, undefined],
    ['😀'.repeat(10), { max: 10 }, undefined],
    ['😀'.repeat(11), { max: 10 }, 'must be at most 10 characters'],
    ['a'.repeat(100_000), { max: 200 }, 'must be at most 200 characters'],
    ['', { max: 10 }, 'must not be empty'],
    ['   ', { max: 10 }, 'must not be empty'],
    ['', { max: 10, allowEmpty: true }, undefined],
    ['bad\ud800', { max: 10 }, 'must be valid Unicode text (it contains a lone surrogate)'],
    ['nul\u0000', { max: 10 }, 'must not contain control characters'],
    ['line\nbreak', { max: 20 }, 'must not contain control characters'],
    ['line\nbreak\ttab', { max: 20, multiline: true }, undefined],
    ['bell\u0007', { max: 20, multiline: true }, 'must not contain control characters'],
    [42, { max: 10 }, 'must be a string'],
    [null, { max: 10 }, 'must be a string'],
    [['a'], { max: 10 }, 'must be a string'],
    [{ toString: () => 'x' }, { max: 10 }, 'must be a string'],
  ])('when the text is %j with %j, then the problem is %j', (value, options, expected) => {
    expect(displayTextProblem(value, options)).toBe(expected)
  })
})
