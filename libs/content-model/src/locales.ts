import { indexPath } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { ContentType, FieldDefinition } from './content-type.ts'

/** One locale of a website (extensions.md B); without `fallback` a locale falls back to the default. */
export interface LocaleDefinition {
  code: string
  default?: true
  fallback?: string
}

export { MAX_LOCALES } from '@cms/contract'
/** What a website has until its locales are set. */
export const DEFAULT_LOCALES: readonly LocaleDefinition[] = [{ code: 'en', default: true }]

/** The canonical spelling of a BCP 47 code, or undefined when it is not one. */
export function canonicalLocale(code: string): string | undefined {
  if (code.length === 0 || code.length > 35) return undefined
  try {
    return Intl.getCanonicalLocales(code)[0]
  } catch {
    return undefined
  }
}

/** Why `value` cannot be a locale code as sent, or undefined when it is one in canonical form. */
export function localeCodeProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a BCP 47 language tag such as "en" or "fr-CA"'
  const canonical = canonicalLocale(value)
  if (canonical === undefined)
    return `${JSON.stringify(value.slice(0, 40))} is not a BCP 47 language tag`
  if (canonical !== value) return `must be written in canonical form: "${canonical}"`
  return undefined
}

export const defaultLocaleOf = (locales: readonly LocaleDefinition[]): string =>
  (locales.find((locale) => locale.default) ?? locales[0]!).code

/**
 * The codes a read in `code` looks at, in order: the locale itself, its fallback, that one's
 * fallback, ..., ending at the default.
 */
export function fallbackChain(locales: readonly LocaleDefinition[], code: string): string[] {
  const byCode = new Map(locales.map((locale) => [locale.code, locale]))
  const defaultCode = defaultLocaleOf(locales)
  const chain: string[] = []
  let next: string | undefined = code
  while (next !== undefined && byCode.has(next) && !chain.includes(next)) {
    chain.push(next)
    next = next === defaultCode ? undefined : (byCode.get(next)!.fallback ?? defaultCode)
  }
  return chain
}

/** Fallbacks name listed locales, the default has none, and every chain ends at the default. */
function chainProblems(locales: readonly LocaleDefinition[]): ErrorDetail[] {
  const problems: ErrorDetail[] = []
  const codes = locales.map((locale) => locale.code)
  const defaultCode = defaultLocaleOf(locales)
  for (const [index, locale] of locales.entries()) {
    if (locale.fallback === undefined) continue
    const path = `${indexPath('locales', index)}.fallback`
    if (locale.default) problems.push({ path, message: 'the default locale has no fallback' })
    else if (!codes.includes(locale.fallback))
      problems.push({ path, message: `names no locale of this list: "${locale.fallback}"` })
    else {
      const chain = fallbackChain(locales, locale.code)
      const last = locales.find((entry) => entry.code === chain.at(-1))!
      if (last.code !== defaultCode)
        problems.push({
          path,
          message: `makes a cycle (${chain.join(' -> ')} -> ${last.fallback}); every chain must end at the default locale`,
        })
    }
  }
  return problems
}

/** Each code, and each fallback, written as its canonical BCP 47 tag. */
function codeProblems(locales: readonly LocaleDefinition[]): ErrorDetail[] {
  return locales.flatMap((locale, index) =>
    (['code', 'fallback'] as const).flatMap((member) => {
      const value = locale[member]
      const problem = value === undefined ? undefined : localeCodeProblem(value)
      return problem ? [{ path: `${indexPath('locales', index)}.${member}`, message: problem }] : []
    }),
  )
}

/**
 * What the request schema (LocaleListBody) cannot say of a list of the right shape: canonical,
 * unique codes, exactly one default, and fallbacks that name listed locales in chains ending at
 * the default.
 */
export function localeListProblems(locales: readonly LocaleDefinition[]): ErrorDetail[] {
  const problems = codeProblems(locales)
  const seen = new Map<string, number>()
  for (const [index, locale] of locales.entries()) {
    const first = seen.get(locale.code)
    if (first !== undefined)
      problems.push({
        path: `${indexPath('locales', index)}.code`,
        message: `duplicates ${indexPath('locales', first)}.code`,
      })
    else seen.set(locale.code, index)
  }
  const defaults = locales.filter((locale) => locale.default).length
  if (defaults !== 1)
    problems.push({
      path: 'locales',
      message: `must mark exactly one locale default: true (${defaults} do)`,
    })
  if (problems.length === 0) problems.push(...chainProblems(locales))
  return problems
}

/**
 * A field holds one value per locale when its type is localized and it does not opt out.
 * Relations and media name documents and files, which every locale shares.
 */
export const isLocalizedField = (
  type: Pick<ContentType, 'localized'>,
  field: Pick<FieldDefinition, 'localized' | 'type'>,
): boolean =>
  type.localized === true &&
  field.localized !== false &&
  field.type !== 'relation' &&
  field.type !== 'media'

export const localizedFieldNames = (type: Pick<ContentType, 'localized' | 'fields'>): string[] =>
  type.fields.filter((field) => isLocalizedField(type, field)).map((field) => field.name)
