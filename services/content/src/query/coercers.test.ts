import { describe, expect, it } from 'vitest'
import { COERCERS } from './coercers.ts'
import type { FieldKind } from './field-kinds.ts'

type Kind = Exclude<FieldKind, 'opaque'>

const ACCEPTED: Array<[Kind, string, unknown]> = [
  ['string', ' any text ', ' any text '],
  ['string', '', ''],
  ['tags', 'news', 'news'],
  ['number', '42', 42],
  ['number', '-1.5', -1.5],
  ['number', '+.5', 0.5],
  ['number', '1e3', 1000],
  ['number', '1.', 1],
  ['number', '1.7976931348623157e308', Number.MAX_VALUE],
  ['integer', '-12', -12],
  ['integer', '007', 7],
  ['integer', '9007199254740991', Number.MAX_SAFE_INTEGER],
  ['boolean', 'true', true],
  ['boolean', 'false', false],
  ['boolean', '1', true],
  ['boolean', '0', false],
  ['date', '2024-02-29', '2024-02-29'],
  ['datetime', '2024-05-01T12:00:00+02:00', '2024-05-01T10:00:00.000Z'],
  ['timestamp', '2024-05-01', new Date('2024-05-01T00:00:00.000Z')],
]

const REFUSED: Array<[Kind, string]> = [
  ['number', ''],
  ['number', ' 1'],
  ['number', '1e309'],
  ['number', '-1e309'],
  ['number', 'Infinity'],
  ['number', 'NaN'],
  ['number', '0x1F'],
  ['number', '0b1'],
  ['number', '1_000'],
  ['number', '1,5'],
  ['number', '.'],
  ['number', '1e'],
  ['integer', '1.0'],
  ['integer', '1e3'],
  ['integer', '9007199254740992'],
  ['integer', '-9007199254740992'],
  ['integer', '9'.repeat(400)],
  ['boolean', 'TRUE'],
  ['boolean', 'yes'],
  ['boolean', ''],
  ['date', '2024-02-30'],
  ['date', '2024-05-01T00:00Z'],
  ['datetime', 'now'],
  ['datetime', '2024-05-01T25:00Z'],
  ['timestamp', '2024-05-01T00:00:00+99:00'],
]

describe('COERCERS', () => {
  it.each(ACCEPTED)('when a %s field gets %j, then the value is %j', (kind, raw, expected) => {
    expect(COERCERS[kind](raw)).toEqual({ ok: true, value: expected })
  })

  it.each(REFUSED)('when a %s field gets %j, then it is refused with a message', (kind, raw) => {
    expect(COERCERS[kind](raw)).toEqual({
      ok: false,
      message: expect.stringMatching(/^".*" is not/),
    })
  })

  it('when 400 digits are coerced, then it takes well under a millisecond each', () => {
    const started = performance.now()
    for (let i = 0; i < 1000; i++) COERCERS.number(`${'1'.repeat(1000)}x`)
    expect(performance.now() - started).toBeLessThan(200)
  })
})
