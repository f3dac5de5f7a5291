import { describe, expect, it } from 'vitest'
import { pageEnvelope } from './pagination.ts'

describe('pageEnvelope', () => {
  it('when a middle page is asked for, then both neighbours are named', () => {
    expect(pageEnvelope(['x'], 45, { page: 2, limit: 20 })).toEqual({
      docs: ['x'],
      totalDocs: 45,
      limit: 20,
      totalPages: 3,
      page: 2,
      hasNextPage: true,
      hasPrevPage: true,
      nextPage: 3,
      prevPage: 1,
    })
  })

  it('when there is nothing, then there are no pages and no neighbours', () => {
    expect(pageEnvelope([], 0, { page: 1, limit: 20 })).toMatchObject({
      totalPages: 0,
      hasNextPage: false,
      hasPrevPage: false,
      nextPage: null,
      prevPage: null,
    })
  })

  it('when the page is past the end, then docs are empty and the totals still hold', () => {
    expect(pageEnvelope([], 5, { page: 4, limit: 2 })).toMatchObject({
      totalPages: 3,
      hasNextPage: false,
      prevPage: 3,
    })
  })
})
