import { defaultLocaleOf, localeCodeProblem } from '@cms/content-model'
import type { LocaleDefinition } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import { ALL_LOCALES } from '../document/localized-content.ts'

/**
 * The locale a request names with `locale=` (the website default when it names none): one of
 * the website's codes, as written in its list; 422 naming `locale` otherwise.
 */
export function askedLocale(
  raw: unknown,
  locales: readonly LocaleDefinition[],
  options: { all: boolean },
): string {
  if (raw === undefined || raw === '') return defaultLocaleOf(locales)
  if (typeof raw !== 'string')
    throw ValidationError.single('locale', 'locale must be given once, as one code')
  if (raw === ALL_LOCALES) {
    if (options.all) return raw
    throw ValidationError.single('locale', 'locale=* reads every locale; a write names one')
  }
  const problem = localeCodeProblem(raw)
  if (problem) throw ValidationError.single('locale', `locale ${problem}`)
  if (!locales.some((locale) => locale.code === raw)) {
    const codes = locales.map((locale) => locale.code).join(', ')
    throw ValidationError.single('locale', `"${raw}" is not a locale of this website (${codes})`)
  }
  return raw
}
