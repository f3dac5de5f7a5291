import { BSON } from 'mongodb'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { endLine, headerLine, parseHeader, parseLine, recordLine } from './export-format.ts'

describe('export format', () => {
  it('when a record line is written and read, then dates and binary come back as stored', () => {
    const record = {
      _id: 'x',
      at: new Date('2024-05-01T10:00:00.000Z'),
      data: new BSON.Binary(Buffer.from('hi')),
    }
    const line = recordLine({ service: 'content', collection: 'fs.chunks', record })
    expect(line.endsWith('\n')).toBe(true)
    const read = parseLine(line.trimEnd(), 2)
    expect(read).toEqual({ service: 'content', collection: 'fs.chunks', record })
    expect(parseLine(endLine(3).trimEnd(), 4)).toEqual({ end: true, records: 3 })
  })

  it('when a line is not a record, then a 422 names the line', () => {
    for (const text of [
      '{',
      '[]',
      '{"service":"content","collection":"documents"}',
      '{"end":true}',
    ]) {
      let error: unknown
      try {
        parseLine(text, 7)
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(ValidationError)
      expect((error as ValidationError).details?.[0]?.path).toBe('line 7')
    }
  })

  it('when the first line is another format or version, then a 422 says which', () => {
    const header = headerLine({
      exportedAt: '2026-01-01T00:00:00.000Z',
      website: { id: 'w', name: 'n', createdAt: '2026-01-01T00:00:00.000Z' },
    })
    expect(parseHeader(header.trimEnd()).website.id).toBe('w')
    expect(() => parseHeader(undefined)).toThrow(ValidationError)
    expect(() => parseHeader('{"format":"other"}')).toThrow('not a website export')
    expect(() => parseHeader(header.replace('"version":1', '"version":2'))).toThrow(
      'export version 2 is not supported',
    )
  })
})
