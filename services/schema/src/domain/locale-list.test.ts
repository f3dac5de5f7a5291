import { describe, expect, it } from 'vitest'
import { ValidationError } from '@cms/errors'
import { parseLocaleList } from './locale-list.ts'

const problemsOf = (body: unknown): { path: string; message: string }[] => {
  try {
    parseLocaleList(body)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return [...((error as ValidationError).details ?? [])]
  }
  throw new Error('expected a ValidationError')
}
const list = (...locales: object[]) => ({ locales })

describe('parseLocaleList', () => {
  it('when a list has one default and chains end at it, then it is kept as sent', () => {
    const locales = [{ code: 'en', default: true }, { code: 'fr', fallback: 'en' }, { code: 'de' }]
    expect(parseLocaleList(list(...locales))).toEqual(locales)
    expect(parseLocaleList(list({ code: 'en', default: true, fallback: null }))).toEqual([
      { code: 'en', default: true },
    ])
  })

  it('when fallbacks make a cycle, then the problem is at the fallback and names the cycle', () => {
    const found = problemsOf(
      list(
        { code: 'en', default: true },
        { code: 'fr', fallback: 'de' },
        { code: 'de', fallback: 'fr' },
      ),
    )
    expect(found.map((problem) => problem.path)).toEqual([
      'locales[1].fallback',
      'locales[2].fallback',
    ])
    expect(found[0]!.message).toContain('fr -> de -> fr')
  })

  it('when members are unknown, codes repeat or are not canonical, or defaults are not one, then each is named', () => {
    expect(problemsOf(list({ code: 'en', default: true, label: 'x' }))[0]!.path).toBe(
      'locales[0].label',
    )
    expect(problemsOf(list({ code: 'en', default: true }, { code: 'en' }))[0]!.path).toBe(
      'locales[1].code',
    )
    expect(problemsOf(list({ code: 'en', default: true }, { code: 'fr-ca' }))).toEqual([
      { path: 'locales[1].code', message: 'must be written in canonical form: "fr-CA"' },
    ])
    expect(problemsOf(list({ code: 'en' }))[0]!.path).toBe('locales')
    expect(problemsOf({ locales: 'en' })).toEqual([
      { path: 'locales', message: 'must be an array' },
    ])
    expect(problemsOf({ locales: [] })[0]!.path).toBe('locales')
    expect(problemsOf(list({ code: 'en', default: 'yes' }))).toEqual([
      { path: 'locales[0].default', message: 'must be true or false' },
    ])
  })
})
