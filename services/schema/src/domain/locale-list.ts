import { LocaleListBody } from '@cms/contract'
import { validateBody } from '@cms/contract/validation'
import { localeListProblems } from '@cms/content-model'
import type { LocaleDefinition } from '@cms/content-model'
import { ValidationError } from '@cms/errors'

const INVALID = 'The locale list is invalid'

/**
 * `PUT /api/locales`'s body as the website's list: its shape by the schema, then what a schema
 * cannot say (canonical and unique codes, one default, fallback chains ending at the default).
 */
export function parseLocaleList(body: unknown): LocaleDefinition[] {
  const locales: LocaleDefinition[] = validateBody(LocaleListBody, body, INVALID).locales.map(
    (locale) => ({
      code: locale.code,
      ...(locale.default === true ? { default: true as const } : {}),
      ...(typeof locale.fallback === 'string' ? { fallback: locale.fallback } : {}),
    }),
  )
  const problems = localeListProblems(locales)
  if (problems.length > 0) throw new ValidationError(INVALID, problems)
  return locales
}
