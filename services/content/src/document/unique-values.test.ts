import { describe, expect, it } from 'vitest'
import type { ContentType } from '@cms/content-model'
import { withHeldUniques, withUniques } from './unique-values.ts'

const type: Pick<ContentType, 'fields'> = {
  fields: [
    { name: 'code', label: 'code', type: 'text', required: false, unique: true },
    { name: 'rank', label: 'rank', type: 'number', required: false, unique: true },
    { name: 'title', label: 'title', type: 'text', required: false },
    { name: 'body', label: 'body', type: 'json', required: false, unique: true },
    {
      name: 'seo',
      label: 'seo',
      type: 'component',
      required: false,
      fields: [{ name: 'code', label: 'code', type: 'text', required: false, unique: true }],
    },
  ],
}

const fieldsOf = (state: { uniques?: Array<{ field: string; locale?: string }> }) =>
  (state.uniques ?? []).map(({ field, locale }) => `${field}:${locale ?? ''}`).sort()

describe('withUniques', () => {
  it('when a document holds unique values live, in a locale and in its pending draft, then each is listed once', () => {
    const state = withUniques(
      {
        data: { code: 'a', rank: 0, title: 't', body: 'x', seo: { code: 'nested' } },
        locales: { fr: { code: 'a' } },
        pendingDraft: { data: { code: 'b', rank: 0 }, updatedAt: new Date() },
      },
      type,
    )
    expect(fieldsOf(state)).toEqual(['code:', 'code:', 'code:fr', 'rank:'])
  })

  it('when values are absent, null or empty, then none is claimed and `uniques` is left out', () => {
    const state = withUniques({ data: { code: '', rank: null, title: 'x' }, uniques: [] }, type)
    expect(state).toEqual({ data: { code: '', rank: null, title: 'x' } })
  })

  it('when a number and a text spell the same, then their digests differ', () => {
    const [asText] = withUniques({ data: { code: '1' } }, type).uniques!
    const [asNumber] = withUniques({ data: { rank: 1 } }, type).uniques!
    expect(asText!.digest).not.toBe(asNumber!.digest)
  })
})

describe('withHeldUniques', () => {
  it('when a pending draft is published over the live data, then only the draft values stay held', () => {
    const saved = withUniques(
      { data: { code: 'live' }, pendingDraft: { data: { code: 'draft' }, updatedAt: new Date() } },
      type,
    )
    const published = withHeldUniques({ data: { code: 'draft' }, uniques: saved.uniques })
    expect(published.uniques).toEqual(withUniques({ data: { code: 'draft' } }, type).uniques)
  })

  it('when a value moves to another locale, then the old place is no longer held', () => {
    const saved = withUniques({ data: {}, locales: { fr: { code: 'x' } } }, type)
    expect(withHeldUniques({ data: { code: 'x' }, uniques: saved.uniques })).toEqual({
      data: { code: 'x' },
    })
  })
})
