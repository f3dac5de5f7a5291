import { describe, expect, it } from 'vitest'
import { normalizeDatetime, parseIsoDate, parseIsoTimestamp } from './iso-dates.ts'

describe('parseIsoTimestamp', () => {
  it.each([
    ['2024-05-01', '2024-05-01T00:00:00.000Z'],
    ['2024-05-01T10:20', '2024-05-01T10:20:00.000Z'],
    ['2024-05-01T10:20:30', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20:30Z', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01t10:20:30z', undefined],
    ['2024-05-01T10:20:30.5Z', '2024-05-01T10:20:30.500Z'],
    ['2024-05-01T10:20:30.123456789Z', '2024-05-01T10:20:30.123Z'],
    ['2024-05-01T10:20:30+02:00', '2024-05-01T08:20:30.000Z'],
    ['2024-05-01T10:20:30-0130', '2024-05-01T11:50:30.000Z'],
    ['2024-05-01T10:20:30 02:00', '2024-05-01T08:20:30.000Z'],
    ['2024-05-01 10:20:30Z', '2024-05-01T10:20:30.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['0050-06-15', '0050-06-15T00:00:00.000Z'],
    ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
  ])('when %s is parsed, then it is %s', (raw, expected) => {
    expect(parseIsoTimestamp(raw)?.toISOString()).toBe(expected)
  })

  it.each([
    '2023-02-29',
    '2024-02-30',
    '2024-04-31',
    '2024-00-10',
    '2024-13-01',
    '2024-01-00',
    '2024-01-01T24:00',
    '2024-01-01T23:60',
    '2024-01-01T23:59:60Z',
    '2024-01-01T10:00+24:00',
    '2024-01-01T10:00+05:60',
    '0000-01-01T00:00:00+00:01',
    '9999-12-31T23:59:59-00:01',
    '24-01-01',
    '2024-1-1',
    '+002024-01-01',
    '2024-01-01T',
    '2024-01-01T10',
    '1714564800000',
    'today',
    '',
    ' 2024-01-01',
  ])('when %j is parsed, then it is refused', (raw) => {
    expect(parseIsoTimestamp(raw)).toBeUndefined()
  })
})

describe('parseIsoDate', () => {
  it('when a calendar date is given, then it is kept as written', () => {
    expect(parseIsoDate('2024-02-29')).toBe('2024-02-29')
  })

  it.each(['2023-02-29', '2024-05-01T00:00:00Z', '2024-5-1'])(
    'when %s is given, then it is refused',
    (raw) => {
      expect(parseIsoDate(raw)).toBeUndefined()
    },
  )
})

describe('normalizeDatetime', () => {
  it('when two writings name one moment, then they normalize to one string that sorts as time', () => {
    expect(normalizeDatetime('2024-05-01T12:00:00+02:00')).toBe('2024-05-01T10:00:00.000Z')
    expect(normalizeDatetime('2024-05-01T10:00Z')).toBe('2024-05-01T10:00:00.000Z')
    expect(
      normalizeDatetime('2024-05-01T09:59:59.999Z')! < normalizeDatetime('2024-05-01T12:00+02:00')!,
    ).toBe(true)
  })
})
