import { describe, expect, it } from 'vitest'
import { parseCreateBody, parseDraftParam, parsePatchBody } from './request-bodies.ts'

const detailsOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return (error as { code: string; details: { path: string }[] }).details.map(
      (detail) => detail.path,
    )
  }
  throw new Error('expected a validation error')
}

describe('parseCreateBody', () => {
  it('when type, data and slug are given, then they are returned', () => {
    expect(parseCreateBody({ type: 'post', data: { title: 'x' }, slug: 'x' })).toEqual({
      type: 'post',
      data: { title: 'x' },
      slug: 'x',
    })
  })

  it('when the body is not an object, then 422 on the body', () => {
    for (const body of [undefined, null, [], 'text', 3])
      expect(detailsOf(() => parseCreateBody(body))).toEqual([''])
  })

  it('when type and data are missing and an unknown member is sent, then every problem is listed', () => {
    expect(detailsOf(() => parseCreateBody({ status: 'published' })).sort()).toEqual([
      'data',
      'status',
      'type',
    ])
  })

  it('when data is an array or slug is a number, then 422 naming them', () => {
    expect(detailsOf(() => parseCreateBody({ type: 'post', data: [], slug: 5 })).sort()).toEqual([
      'data',
      'slug',
    ])
  })
})

describe('parsePatchBody', () => {
  it('when empty, then nothing to change', () => {
    expect(parsePatchBody({})).toEqual({})
  })

  it('when data is null or an unknown member is sent, then 422', () => {
    expect(detailsOf(() => parsePatchBody({ data: null })).sort()).toEqual(['data'])
    expect(detailsOf(() => parsePatchBody({ title: 'x' }))).toEqual(['title'])
  })
})

describe('parseDraftParam', () => {
  it('when absent, true or false, then the boolean; otherwise 422', () => {
    expect(parseDraftParam('')).toBe(false)
    expect(parseDraftParam('draft=true')).toBe(true)
    expect(parseDraftParam('draft=false')).toBe(false)
    expect(() => parseDraftParam('draft=yes')).toThrow()
  })
})
