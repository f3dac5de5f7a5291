import { describe, expect, it } from 'vitest'
import { definitionSize } from './definition-size.ts'

describe('definitionSize', () => {
  it('when a definition has fields and select options, then it counts fields, the largest option list and UTF-8 bytes', () => {
    const definition = {
      name: 'menu',
      label: 'Menü',
      fields: [
        { name: 'a', label: 'a', type: 'select' as const, required: false, options: ['x', 'y'] },
        { name: 'b', label: 'b', type: 'select' as const, required: false, options: ['z'] },
        { name: 'c', label: 'c', type: 'text' as const, required: false },
      ],
    }
    const size = definitionSize(definition)
    expect(size.fields).toBe(3)
    expect(size.options).toBe(2)
    expect(size.bytes).toBe(Buffer.byteLength(JSON.stringify(definition), 'utf8'))
    expect(size.bytes).toBeGreaterThan(JSON.stringify(definition).length - 1)
  })

  it('when a definition has no fields, then fields and options are zero', () => {
    expect(definitionSize({ name: 'empty', label: 'empty', fields: [] })).toMatchObject({
      fields: 0,
      options: 0,
    })
  })
})
