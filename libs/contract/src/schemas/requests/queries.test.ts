import qs from 'qs'
import { describe, expect, it } from 'vitest'
import { parsePageRequest } from '@cms/pagination'
import { bodyProblems } from '../../validation/validate-body.ts'
import {
  ContentReadQuery,
  ContentWriteQuery,
  ForceQuery,
  LaxForceQuery,
  PageQuery,
} from './queries.ts'

const problemsOf = (schema: Parameters<typeof bodyProblems>[0], query: string) =>
  bodyProblems(schema, qs.parse(query))

describe('the query schemas say what the services always refused', () => {
  it('when a flag is absent, true or false, then it is accepted; otherwise "<name> must be true or false"', () => {
    for (const [schema, name] of [
      [ContentReadQuery, 'draft'],
      [ContentWriteQuery, 'discardDraft'],
      [ForceQuery, 'force'],
    ] as const) {
      for (const fine of ['', `${name}=true`, `${name}=false`])
        expect(problemsOf(schema, fine), fine).toEqual([])
      for (const bad of [`${name}=yes`, name, `${name}=true&${name}=true`, `${name}[0]=true`])
        expect(problemsOf(schema, bad), bad).toEqual([
          { path: name, message: `${name} must be true or false` },
        ])
    }
  })

  it('when force of a media file or the locales is anything, then it is accepted (only true forces)', () => {
    for (const query of ['force=yes', 'force', 'force=true&force=false'])
      expect(problemsOf(LaxForceQuery, query)).toEqual([])
  })

  it('when locale is sent twice, then "locale must be given once"; other parameters are ignored', () => {
    expect(problemsOf(ContentWriteQuery, 'locale=fr&locale=de')).toEqual([
      { path: 'locale', message: 'locale must be given once' },
    ])
    expect(problemsOf(ContentReadQuery, 'locale=fr&utm_source=x')).toEqual([])
  })

  it('when page and limit are sent, then PageQuery refuses exactly what parsePageRequest refuses, with its messages', () => {
    const values = ['1', '01', '20', '99', '100', '101', '0', '000', '-1', '1.5', 'ten', '', '1e3']
    const pages = [
      ...values,
      '999999',
      '1000000',
      '1000001',
      '0001000000',
      '123456789',
      '1234567890',
    ]
    for (const [name, sent] of [
      ['limit', values],
      ['page', pages],
    ] as const)
      for (const value of sent) {
        const query = `${name}=${value}`
        let expected: unknown[] = []
        try {
          parsePageRequest(query)
        } catch (error) {
          expected = (error as { details: unknown[] }).details
        }
        expect(problemsOf(PageQuery, query), query).toEqual(expected)
      }
    expect(problemsOf(PageQuery, 'page=1&page=2')).toEqual([
      { path: 'page', message: 'must be an integer from 1 to 1000000' },
    ])
  })
})
