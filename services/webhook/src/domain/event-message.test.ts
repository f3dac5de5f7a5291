import { describe, expect, it } from 'vitest'
import { parseEntryEvent } from './event-message.ts'

const valid = {
  eventId: 'e1',
  event: 'entry.create',
  timestamp: '2025-01-01T00:00:00.000Z',
  websiteId: 'w1',
  contentType: 'article',
  document: { id: 'd1', slug: 'hello', status: 'draft', data: {} },
}
const encode = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value))

describe('parseEntryEvent', () => {
  it('when the message is a complete entry event, then it is returned as is', () => {
    expect(parseEntryEvent(encode(valid))).toEqual({ message: valid })
  })

  it.each([
    ['not JSON', '{'],
    ['an array', []],
    ['without eventId', { ...valid, eventId: undefined }],
    ['with an unknown event', { ...valid, event: 'entry.archive' }],
    ['without websiteId', { ...valid, websiteId: '' }],
    ['without contentType', { ...valid, contentType: undefined }],
    ['without a document id', { ...valid, document: { slug: 'x' } }],
  ])('when the message is %s, then a problem is reported', (_label, value) => {
    expect(parseEntryEvent(encode(value))).toHaveProperty('problem')
  })

  it('when the message is a release.publish with its release and documents, then it is returned as is', () => {
    const release = {
      eventId: 'e2',
      event: 'release.publish',
      timestamp: '2025-01-01T00:00:00.000Z',
      websiteId: 'w1',
      release: { id: 'r1', name: 'Launch' },
      documents: [{ id: 'd1', type: 'article', action: 'publish', version: 2 }],
    }
    expect(parseEntryEvent(encode(release))).toEqual({ message: release })
    expect(parseEntryEvent(encode({ ...release, documents: [{ id: 'd1' }] }))).toHaveProperty(
      'problem',
    )
    expect(parseEntryEvent(encode({ ...release, release: {} }))).toHaveProperty('problem')
  })
})
