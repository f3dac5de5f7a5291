import { describe, expect, it } from 'vitest'
import { isEmptyValue } from './empty-value.ts'
import type { FieldType } from './content-type.ts'

describe('isEmptyValue', () => {
  it.each<[unknown, FieldType, boolean]>([
    [null, 'text', true],
    [undefined, 'json', true],
    ['', 'text', true],
    [' \n\t ', 'textarea', true],
    ['\u3000', 'text', true],
    ['x', 'text', false],
    [[], 'tags', true],
    [['a'], 'tags', false],
    [{ type: 'doc', content: [] }, 'richText', true],
    [{ type: 'doc', content: [{ type: 'paragraph' }] }, 'richText', false],
    [{ type: 'doc', content: [] }, 'json', false],
    [false, 'boolean', false],
    [0, 'number', false],
    [{}, 'json', false],
  ])('when the value is %j of a %s field, then empty is %s', (value, type, expected) => {
    expect(isEmptyValue(value, type)).toBe(expected)
  })
})
