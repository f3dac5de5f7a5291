import { describe, expect, it } from 'vitest'
import { isHttpUrl, isIsoDate, isIsoDateTime } from './value-formats.ts'

describe('isIsoDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['2024-12-31', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-01-00', false],
    ['2024-1-01', false],
    ['24-01-01', false],
    ['2024-01-01T00:00:00Z', false],
    [' 2024-01-01', false],
    ['２０２４-01-01', false],
    ['', false],
  ])('when the value is %j, then it is a date: %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected)
  })
})

describe('isIsoDateTime', () => {
  it.each([
    ['2024-05-01T12:00:00Z', true],
    ['2024-05-01T12:00Z', true],
    ['2024-05-01T12:00:00.123456789+02:00', true],
    ['2024-05-01T23:59:59-11:30', true],
    ['2024-05-01T12:00:00', false],
    ['2024-05-01 12:00:00Z', false],
    ['2024-05-01t12:00:00z', false],
    ['2024-05-01T24:00:00Z', false],
    ['2024-05-01T12:60:00Z', false],
    ['2024-05-01T12:00:60Z', false],
    ['2023-02-29T12:00:00Z', false],
    ['2024-05-01T12:00:00+24:00', false],
    ['2024-05-01T12:00:00.1234567890Z', false],
    ['2024-05-01', false],
    ['not a date', false],
  ])('when the value is %j, then it is a date-time: %s', (value, expected) => {
    expect(isIsoDateTime(value)).toBe(expected)
  })
})

describe('isHttpUrl', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com:8080/a?b=c#d', true],
    ['https://bücher.example/straße', true],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    ['mailto:a@example.com', false],
    ['//example.com', false],
    ['example.com', false],
    ['https://exa mple.com', false],
    ['https:///path', false],
    [`https://example.com/${'a'.repeat(2100)}`, false],
  ])('when the value is %j, then it is an http(s) URL: %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected)
  })
})
