import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { queryString } from './query-string.ts'

describe('queryString', () => {
  it('when filters nest $and and $or, then they are written in qs bracket notation with values encoded', () => {
    const text = queryString({
      filters: {
        $or: [{ 'data.title': { $containsi: 'a&b' } }, { status: 'draft' }],
        'data.views': { $between: [1, 10] },
      },
    })
    expect(text).toBe(
      '?filters[$or][0][data.title][$containsi]=a%26b&filters[$or][1][status]=draft' +
        '&filters[data.views][$between][0]=1&filters[data.views][$between][1]=10',
    )
    expect(qs.parse(text.slice(1))).toEqual({
      filters: {
        $or: [{ 'data.title': { $containsi: 'a&b' } }, { status: 'draft' }],
        'data.views': { $between: ['1', '10'] },
      },
    })
  })

  it('when sort, fields and populate are lists, then each travels comma-separated', () => {
    expect(
      queryString({
        sort: ['-createdAt', 'title:asc'],
        fields: ['title', 'slug'],
        populate: ['a', 'b'],
      }),
    ).toBe('?sort=-createdAt%2Ctitle%3Aasc&fields=title%2Cslug&populate=a%2Cb')
  })

  it('when populate is an object, then it keeps the object form', () => {
    expect(queryString({ populate: { author: { fields: ['name'], populate: 'avatar' } } })).toBe(
      '?populate[author][fields][0]=name&populate[author][populate]=avatar',
    )
  })

  it('when draft, locale, paging and withCount=false are asked, then each is a parameter; nothing asked is empty', () => {
    expect(queryString({ draft: true, locale: 'fr-CA', page: 2, limit: 5, withCount: false })).toBe(
      '?locale=fr-CA&page=2&limit=5&draft=true&pagination[withCount]=false',
    )
    expect(queryString({ draft: false })).toBe('')
    expect(queryString(undefined)).toBe('')
  })
})
