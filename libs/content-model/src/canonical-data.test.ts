import { describe, expect, it } from 'vitest'
import { validatedData } from './canonical-data.ts'
import type { FieldDefinition } from './content-type.ts'

const field = (name: string, type: FieldDefinition['type']): FieldDefinition => ({
  name,
  label: name,
  type,
  required: false,
})
const event = {
  name: 'event',
  fields: [field('title', 'text'), field('at', 'datetime'), field('day', 'date')],
}

describe('validatedData', () => {
  it('when a datetime carries an offset, then it is stored as the same moment in UTC', () => {
    expect(
      validatedData(event, { title: 'x', at: '2024-05-01T11:00:00+01:00', day: '2024-05-01' }),
    ).toEqual({
      title: 'x',
      at: '2024-05-01T10:00:00.000Z',
      day: '2024-05-01',
    })
  })

  it('when data is invalid, then it throws the validation error and nothing is returned', () => {
    expect(() => validatedData(event, { at: 'yesterday' })).toThrow()
  })

  it('when given data, then the caller’s object is left as it was', () => {
    const data = { at: '2024-05-01T11:00:00+01:00' }
    validatedData(event, data)
    expect(data).toEqual({ at: '2024-05-01T11:00:00+01:00' })
  })
})
