import { describe, expect, it } from 'vitest'
import { pageEnvelope, parsePageRequest, uncountedPageEnvelope } from './pagination.ts'

describe('parsePageRequest', () => {
  it('when nothing is given, then page 1 of 20', () => {
    expect(parsePageRequest('')).toEqual({ page: 1, limit: 20 })
  })

  it('when page and limit are in range, then they are used', () => {
    expect(parsePageRequest('page=3&limit=100')).toEqual({ page: 3, limit: 100 })
  })

  it('when limit is 101, 0, negative, fractional or text, then 422 naming limit', () => {
    for (const bad of ['101', '0', '-1', '1.5', 'ten', '']) {
      expect(() => parsePageRequest(`limit=${bad}`)).toThrowError(
        expect.objectContaining({ code: 'VALIDATION_ERROR' }),
      )
    }
  })

  it('when page is 0 or repeated, then 422 naming page', () => {
    try {
      parsePageRequest('page=0')
      expect.unreachable()
    } catch (error) {
      expect((error as { details: unknown }).details).toEqual([
        { path: 'page', message: expect.any(String) },
      ])
    }
    expect(() => parsePageRequest('page=1&page=2')).toThrow()
  })
})

describe('pageEnvelope', () => {
  it('when in the middle, then both neighbours are named', () => {
    expect(pageEnvelope([1], 45, { page: 2, limit: 20 })).toEqual({
      docs: [1],
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

  it('when past the end, then no docs, correct totals and no next page', () => {
    const envelope = pageEnvelope([], 5, { page: 4, limit: 2 })
    expect(envelope).toMatchObject({
      docs: [],
      totalDocs: 5,
      totalPages: 3,
      hasNextPage: false,
      nextPage: null,
      prevPage: 3,
    })
  })

  it('when far past the end, then the previous page is the last page, not page - 1', () => {
    expect(pageEnvelope([], 5, { page: 9, limit: 2 })).toMatchObject({
      totalPages: 3,
      hasPrevPage: true,
      prevPage: 3,
      hasNextPage: false,
      nextPage: null,
    })
    expect(pageEnvelope([], 0, { page: 2, limit: 20 })).toMatchObject({ prevPage: 1 })
  })

  it('when nothing matches, then one empty page', () => {
    expect(pageEnvelope([], 0, { page: 1, limit: 20 })).toMatchObject({
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    })
  })
})

describe('pageEnvelope of an empty list', () => {
  it('when there is nothing, then there is one empty page and no neighbours', () => {
    expect(pageEnvelope([], 0, { page: 1, limit: 20 })).toMatchObject({
      docs: [],
      totalDocs: 0,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
      nextPage: null,
      prevPage: null,
    })
  })
})

describe('uncountedPageEnvelope (pagination[withCount]=false)', () => {
  it('when there is a next page, then the totals are null and the neighbours are named', () => {
    expect(uncountedPageEnvelope([1, 2], { hasNextPage: true }, { page: 2, limit: 2 })).toEqual({
      docs: [1, 2],
      totalDocs: null,
      limit: 2,
      totalPages: null,
      page: 2,
      hasNextPage: true,
      hasPrevPage: true,
      nextPage: 3,
      prevPage: 1,
    })
  })

  it('when past the end, then no next page and the previous page is page - 1 (the last page is not known)', () => {
    expect(uncountedPageEnvelope([], { hasNextPage: false }, { page: 9, limit: 2 })).toMatchObject({
      docs: [],
      totalDocs: null,
      totalPages: null,
      hasNextPage: false,
      nextPage: null,
      hasPrevPage: true,
      prevPage: 8,
    })
  })

  it('when on the first page, then no previous page', () => {
    expect(
      uncountedPageEnvelope([1], { hasNextPage: false }, { page: 1, limit: 20 }),
    ).toMatchObject({ hasPrevPage: false, prevPage: null, hasNextPage: false, nextPage: null })
  })
})
