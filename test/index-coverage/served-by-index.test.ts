import { describe, expect, it } from 'vitest'
import type { QueryShape } from '@cms/mongo'
import { servedBy, unservedShapes } from './served-by-index.ts'

const shape = (partial: Partial<QueryShape>): QueryShape => ({
  collection: 'documents',
  command: 'find',
  equality: [],
  range: [],
  sort: [],
  ...partial,
})
const LIST = { websiteId: 1, status: 1, createdAt: -1, _id: 1 }

describe('servedBy', () => {
  it('when the filter fixes a prefix and the sort follows it, then the index serves the shape', () => {
    const listed = shape({
      equality: ['status', 'websiteId'],
      sort: [
        ['createdAt', -1],
        ['_id', 1],
      ],
    })
    expect(servedBy(listed, LIST)).toBe(true)
  })

  it('when the sort runs against the index in every key, then it is served backwards', () => {
    const reversed = shape({
      equality: ['status', 'websiteId'],
      sort: [
        ['createdAt', 1],
        ['_id', -1],
      ],
    })
    expect(servedBy(reversed, LIST)).toBe(true)
  })

  it('when the sort mixes directions the index does not have, then it is not served', () => {
    const mixed = shape({
      equality: ['status', 'websiteId'],
      sort: [
        ['createdAt', -1],
        ['_id', -1],
      ],
    })
    expect(servedBy(mixed, LIST)).toBe(false)
  })

  it('when the filter does not fix the leading field, then the index does not serve it', () => {
    expect(servedBy(shape({ equality: ['status'] }), LIST)).toBe(false)
  })

  it('when the sort names a base column the index does not follow with, then it is not served', () => {
    const bySlug = shape({ equality: ['status', 'websiteId'], sort: [['slug', 1]] })
    expect(servedBy(bySlug, LIST)).toBe(false)
  })

  it('when the sort is on a data field, then the narrowing prefix is enough', () => {
    const byTitle = shape({ equality: ['status', 'websiteId'], sort: [['data.title', 1]] })
    expect(servedBy(byTitle, LIST)).toBe(true)
  })

  it('when the filter is only a range, then an index starting with that field serves it', () => {
    const old = shape({ collection: 'bulk_jobs', range: ['createdAt'] })
    expect(servedBy(old, { createdAt: 1 })).toBe(true)
    expect(servedBy(old, { state: 1, createdAt: 1 })).toBe(false)
  })

  it('when there is no filter, then only an index starting with the sort serves it', () => {
    const oldest = shape({ collection: 'outbox', sort: [['createdAt', 1]] })
    expect(servedBy(oldest, { createdAt: 1 })).toBe(true)
    expect(servedBy(shape({ collection: 'outbox' }), { createdAt: 1 })).toBe(false)
  })
})

describe('unservedShapes', () => {
  it('when a shape filters by _id, then it is served; when no index of its collection serves it, then it is listed', () => {
    const shapes = [
      { ...shape({ equality: ['_id'] }), database: 'cms_content' },
      { ...shape({ equality: ['websiteId'], sort: [['updatedAt', -1]] }), database: 'cms_content' },
    ]
    expect(unservedShapes(shapes, () => [LIST])).toEqual([shapes[1]])
  })
})
