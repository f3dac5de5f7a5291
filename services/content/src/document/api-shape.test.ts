import { describe, expect, it } from 'vitest'
import { toApiDocument, toApiVersion } from './api-shape.ts'
import type { StoredDocument, StoredVersion } from './document.ts'

const at = new Date('2026-03-01T10:00:00.000Z')
const stored: StoredDocument = {
  _id: 'd1',
  websiteId: 'w1',
  type: 'post',
  slug: 'hello',
  status: 'published',
  authorId: 'k1',
  publishedAt: at,
  createdAt: at,
  updatedAt: at,
  version: 3,
  data: { title: 'Hello' },
}

describe('toApiDocument', () => {
  it('when given a whole stored document, then the API shape with ISO dates and no websiteId', () => {
    expect(toApiDocument(stored)).toEqual({
      id: 'd1',
      type: 'post',
      slug: 'hello',
      status: 'published',
      authorId: 'k1',
      publishedAt: '2026-03-01T10:00:00.000Z',
      data: { title: 'Hello' },
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      version: 3,
      hasPendingDraft: false,
      scheduledPublishAt: null,
      scheduledUnpublishAt: null,
    })
  })

  it('when the stored document has a pending draft, then it says so and shows neither it nor refs', () => {
    const shown = toApiDocument({
      ...stored,
      refs: ['x'],
      pendingDraft: { data: { title: 'Next' }, updatedAt: new Date() },
    })
    expect(shown).toMatchObject({ hasPendingDraft: true, data: { title: 'Hello' } })
    expect(Object.keys(shown)).not.toContain('pendingDraft')
    expect(Object.keys(shown)).not.toContain('refs')
  })

  it('when given a projection, then only its members plus id, with publishedAt null kept', () => {
    const none = new Set<never>()
    expect(toApiDocument({ _id: 'd1', slug: 'hello', data: { title: 'Hello' } }, none)).toEqual({
      id: 'd1',
      slug: 'hello',
      data: { title: 'Hello' },
    })
    expect(toApiDocument({ _id: 'd1', publishedAt: null }, none)).toEqual({
      id: 'd1',
      publishedAt: null,
    })
  })

  it('when fields name computed members, then those alone are computed, whatever else was read', () => {
    const projected = { _id: 'd1', schedule: { publishAt: new Date('2030-01-01T00:00:00Z') } }
    expect(toApiDocument(projected, new Set(['scheduledPublishAt'] as const))).toEqual({
      id: 'd1',
      scheduledPublishAt: '2030-01-01T00:00:00.000Z',
    })
    expect(toApiDocument({ _id: 'd1' }, new Set(['hasPendingDraft'] as const))).toEqual({
      id: 'd1',
      hasPendingDraft: false,
    })
  })
})

describe('toApiVersion', () => {
  it('when given a record, then the contract fields with the changing key as authorId', () => {
    const { _id, ...state } = stored
    const record: StoredVersion = {
      _id: 'd1:3',
      documentId: 'd1',
      websiteId: 'w1',
      version: 3,
      reason: 'publish',
      changedBy: 'k2',
      state,
      event: { eventId: 'e', name: 'entry.publish', timestamp: at },
      createdAt: at,
    }
    expect(toApiVersion(record)).toEqual({
      id: 'd1:3',
      documentId: 'd1',
      version: 3,
      reason: 'publish',
      status: 'published',
      slug: 'hello',
      data: { title: 'Hello' },
      publishedAt: '2026-03-01T10:00:00.000Z',
      authorId: 'k2',
      createdAt: '2026-03-01T10:00:00.000Z',
    })
  })
})
