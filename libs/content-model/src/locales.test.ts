import { describe, expect, it } from 'vitest'
import { checkLocaleList, fallbackChain, isLocalizedField, localeCodeProblem } from './locales.ts'

const list = (...locales: object[]) => checkLocaleList({ locales })

describe('locale codes', () => {
  it('when a code is canonical BCP 47, then it passes; other spellings name the canonical one', () => {
    expect(localeCodeProblem('fr-CA')).toBeUndefined()
    expect(localeCodeProblem('zh-Hant-TW')).toBeUndefined()
    expect(localeCodeProblem('fr-ca')).toBe('must be written in canonical form: "fr-CA"')
    expect(localeCodeProblem('EN')).toBe('must be written in canonical form: "en"')
    expect(localeCodeProblem('not a tag')).toContain('is not a BCP 47 language tag')
    expect(localeCodeProblem(42)).toContain('must be a BCP 47 language tag')
  })
})

describe('locale lists', () => {
  it('when a list has one default and chains end at it, then it is accepted as sent', () => {
    const checked = list(
      { code: 'en', default: true },
      { code: 'fr', fallback: 'en' },
      { code: 'de' },
    )
    expect(checked.problems).toEqual([])
    expect(checked.locales).toEqual([
      { code: 'en', default: true },
      { code: 'fr', fallback: 'en' },
      { code: 'de' },
    ])
  })

  it('when fallbacks make a cycle, then the problem is at the fallback and names the cycle', () => {
    const checked = list(
      { code: 'en', default: true },
      { code: 'fr', fallback: 'de' },
      { code: 'de', fallback: 'fr' },
    )
    expect(checked.locales).toBeUndefined()
    expect(checked.problems.map((problem) => problem.path)).toEqual([
      'locales[1].fallback',
      'locales[2].fallback',
    ])
    expect(checked.problems[0]!.message).toContain('fr -> de -> fr')
  })

  it('when members are unknown, codes repeat or defaults are not one, then each is named', () => {
    expect(list({ code: 'en', default: true, label: 'x' }).problems[0]!.path).toBe(
      'locales[0].label',
    )
    expect(list({ code: 'en', default: true }, { code: 'en' }).problems[0]!.path).toBe(
      'locales[1].code',
    )
    expect(list({ code: 'en' }).problems[0]!.path).toBe('locales')
    expect(checkLocaleList({ locales: 'en' }).problems[0]!.path).toBe('locales')
    expect(checkLocaleList({ locales: [] }).problems[0]!.path).toBe('locales')
  })
})

describe('fallback chains', () => {
  const locales = [
    { code: 'en', default: true as const },
    { code: 'fr', fallback: 'en' },
    { code: 'fr-CA', fallback: 'fr' },
    { code: 'de' },
  ]
  it('when a locale falls back, then the chain follows fallbacks to the default', () => {
    expect(fallbackChain(locales, 'fr-CA')).toEqual(['fr-CA', 'fr', 'en'])
    expect(fallbackChain(locales, 'de')).toEqual(['de', 'en'])
    expect(fallbackChain(locales, 'en')).toEqual(['en'])
  })
})

describe('localized fields', () => {
  it('when a type is localized, then its fields are unless they opt out; relations and media never', () => {
    const type = { localized: true }
    expect(isLocalizedField(type, { type: 'text' })).toBe(true)
    expect(isLocalizedField(type, { type: 'text', localized: false })).toBe(false)
    expect(isLocalizedField(type, { type: 'relation' })).toBe(false)
    expect(isLocalizedField(type, { type: 'media' })).toBe(false)
    expect(isLocalizedField({}, { type: 'text' })).toBe(false)
  })
})
