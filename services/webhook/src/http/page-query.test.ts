import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { parsePageQuery } from './page-query.ts'

describe('parsePageQuery', () => {
  it('when nothing is given, then page 1 of 20 is asked for', () => {
    expect(parsePageQuery({})).toEqual({ page: 1, limit: 20 })
  })

  it('when page and limit are valid, then they are used', () => {
    expect(parsePageQuery({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 })
  })

  it.each([
    { page: '0' },
    { page: '-1' },
    { page: 'x' },
    { limit: '101' },
    { limit: '0' },
    { limit: '2.5' },
    { page: ['1', '2'] },
  ])('when the query is %o, then it is a validation error', (query) => {
    expect(() => parsePageQuery(query)).toThrow(ValidationError)
  })
})
