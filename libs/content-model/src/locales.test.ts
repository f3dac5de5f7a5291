import { describe, expect, it } from 'vitest'
import { fallbackChain, isLocalizedField, localeCodeProblem } from './locales.ts'

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
