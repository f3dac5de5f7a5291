import { LocaleListBody, PUBLIC_IO } from '@cms/contract'
import { validateBody } from '@cms/contract/validation'
import { localeListProblems } from '@cms/content-model'
import type { LocaleDefinition } from '@cms/content-model'
import { ValidationError } from '@cms/errors'

/** The message of a refused list (the contract's `invalid` of `setLocales`). */
const INVALID = PUBLIC_IO.setLocales.input.invalid

/**
 * A list of the schema's shape (`PUT /api/locales`'s body, checked by its route) as the
 * website's list, refused for what a schema cannot say: canonical and unique codes, one
 * default, fallback chains ending at the default.
 */
export function localeListOf(body: LocaleListBody): LocaleDefinition[] {
  const locales: LocaleDefinition[] = body.locales.map((locale) => ({
    code: locale.code,
    ...(locale.default === true ? { default: true as const } : {}),
    ...(typeof locale.fallback === 'string' ? { fallback: locale.fallback } : {}),
  }))
  const problems = localeListProblems(locales)
  if (problems.length > 0) throw new ValidationError(INVALID, problems)
  return locales
}

/** Any value as the website's list: its shape by the schema, then `localeListOf`. */
export const parseLocaleList = (body: unknown): LocaleDefinition[] =>
  localeListOf(validateBody(LocaleListBody, body, INVALID))
