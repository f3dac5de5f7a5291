import { describe, expect, it } from 'vitest'
import { presentedKey } from './presented-key.ts'

const KEY = 'cms_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
const OTHER = 'cms_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'
const sent = (apiKey: string, authorization: string) => presentedKey({ apiKey, authorization })

describe('presentedKey', () => {
  it('when only x-api-key is sent, then it is the key', () => {
    expect(sent(KEY, '')).toEqual({ kind: 'key', key: KEY })
  })

  it('when only Authorization: Bearer is sent, then its token is the key, whatever the case of the scheme and the spaces', () => {
    for (const authorization of [`Bearer ${KEY}`, `bearer ${KEY}`, `BEARER   ${KEY} `]) {
      expect(sent('', authorization), authorization).toEqual({ kind: 'key', key: KEY })
    }
  })

  it('when both are sent and agree, then that key', () => {
    expect(sent(KEY, `Bearer ${KEY}`)).toEqual({ kind: 'key', key: KEY })
  })

  it('when both are sent and disagree, then a conflict, neither key', () => {
    expect(sent(KEY, `Bearer ${OTHER}`)).toEqual({ kind: 'conflict' })
  })

  it('when Authorization has another scheme, then it is no key; beside x-api-key it is ignored', () => {
    expect(sent('', 'Basic dXNlcjpwYXNz')).toEqual({ kind: 'missing' })
    expect(sent(KEY, 'Basic dXNlcjpwYXNz')).toEqual({ kind: 'key', key: KEY })
  })

  it('when Bearer carries no token or two, then it is no key', () => {
    for (const authorization of ['Bearer', 'Bearer ', `Bearer ${KEY} ${OTHER}`, KEY]) {
      expect(sent('', authorization), authorization).toEqual({ kind: 'missing' })
    }
  })

  it('when nothing is sent, then missing', () => {
    expect(sent('', '')).toEqual({ kind: 'missing' })
  })
})
