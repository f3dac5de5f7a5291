import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { CONTENT_TYPES } from './content-types.fixture.ts'
import { parseListQuery } from './list-query.ts'
import { readPage } from './page-params.ts'
import { parseQueryString } from '@cms/http'

const pageOf = (query: string) => readPage(parseQueryString(query))
const parse = (query: string) => parseListQuery(query, { contentTypes: CONTENT_TYPES })

function issuesOf(query: string): Array<{ path: string; message: string }> {
  try {
    parse(query)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return (error as ValidationError).details as Array<{ path: string; message: string }>
  }
  throw new Error(`${query} was accepted`)
}

describe("Strapi's pagination[...] beside page and limit", () => {
  it('when qs.stringify writes pagination page and pageSize, then they are the page and the limit', () => {
    const query = qs.stringify(
      { pagination: { page: 3, pageSize: 10 } },
      { encodeValuesOnly: true },
    )
    expect(query).toBe('pagination[page]=3&pagination[pageSize]=10')
    expect(pageOf(query)).toEqual({ page: 3, limit: 10, withCount: true, issues: [] })
    expect(parse(query)).toMatchObject({ page: 3, limit: 10 })
  })

  it('when only one of them is given, then the other keeps its default', () => {
    expect(pageOf('pagination[page]=2')).toMatchObject({ page: 2, limit: 20, issues: [] })
    expect(pageOf('pagination[pageSize]=5')).toMatchObject({ page: 1, limit: 5, issues: [] })
  })

  it('when withCount is false, then the query says so; when true or absent, then nothing is added', () => {
    expect(parse('pagination[withCount]=false')).toMatchObject({ withCount: false })
    expect(parse('pagination[withCount]=true')).not.toHaveProperty('withCount')
    expect(parse('pagination[page]=1')).not.toHaveProperty('withCount')
    expect(parse('')).not.toHaveProperty('withCount')
  })

  it('when withCount comes with page and limit, then it applies to that page', () => {
    expect(pageOf('page=4&limit=7&pagination[withCount]=false')).toEqual({
      page: 4,
      limit: 7,
      withCount: false,
      issues: [],
    })
  })

  it('when pagination values are out of bounds, then the same bounds as page and limit, named in bracket form', () => {
    for (const [query, path, bound] of [
      ['pagination[page]=0', 'pagination[page]', 'integer from 1 to 1000000'],
      ['pagination[page]=1000001', 'pagination[page]', 'integer from 1 to 1000000'],
      ['pagination[page]=1.5', 'pagination[page]', 'integer from 1'],
      ['pagination[pageSize]=0', 'pagination[pageSize]', 'integer from 1 to 100'],
      ['pagination[pageSize]=101', 'pagination[pageSize]', 'integer from 1 to 100'],
      ['pagination[pageSize]=ten', 'pagination[pageSize]', 'integer from 1 to 100'],
      ['pagination[pageSize]=', 'pagination[pageSize]', 'integer from 1 to 100'],
      ['pagination[page]=1&pagination[page]=2', 'pagination[page]', 'integer from 1'],
      ['pagination[page][$gt]=1', 'pagination[page]', 'integer from 1'],
      ['pagination[withCount]=no', 'pagination[withCount]', 'true or false'],
    ] as const) {
      expect(issuesOf(query), query).toEqual([{ path, message: expect.stringContaining(bound) }])
    }
    expect(pageOf('pagination[pageSize]=100&pagination[page]=1000000')).toMatchObject({
      page: 1_000_000,
      limit: 100,
      issues: [],
    })
  })

  it('when pagination names an unknown key, then 422 naming it; the offset form points to page and pageSize', () => {
    expect(issuesOf('pagination[size]=5&pagination[start]=0&pagination[limit]=10')).toEqual([
      { path: 'pagination[size]', message: expect.stringContaining('"size"') },
      {
        path: 'pagination[start]',
        message: expect.stringContaining('use pagination[page] and pagination[pageSize]'),
      },
      {
        path: 'pagination[limit]',
        message: expect.stringContaining('use pagination[page] and pagination[pageSize]'),
      },
    ])
  })

  it('when pagination is not an object, then 422 saying what it takes', () => {
    for (const query of ['pagination=5', 'pagination[0]=5', 'pagination[]=5']) {
      expect(issuesOf(query), query).toEqual([
        { path: 'pagination', message: expect.stringContaining('pagination[pageSize]') },
      ])
    }
  })

  it('when both spellings are sent, then one 422 naming what was sent of each, even when they agree', () => {
    expect(issuesOf('page=2&pagination[page]=2')).toEqual([
      { path: 'pagination', message: expect.stringContaining('(got page, pagination[page])') },
    ])
    expect(issuesOf('limit=10&pagination[page]=1&pagination[pageSize]=10')).toEqual([
      {
        path: 'pagination',
        message: expect.stringContaining('(got limit, pagination[page], pagination[pageSize])'),
      },
    ])
  })

  it('when a request has pagination problems and others, then every one is listed', () => {
    const paths = issuesOf('pagination[pageSize]=500&pagination[x]=1&sort=nosuch').map(
      (issue) => issue.path,
    )
    expect(paths.sort()).toEqual(['pagination[pageSize]', 'pagination[x]', 'sort'])
  })
})
