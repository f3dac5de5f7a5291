import { defaultLocaleOf, fallbackChain, isLocalizedField } from '@cms/content-model'
import type { ContentType, LocaleDefinition } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { DocumentData, StoredDocument } from './document.ts'
import { slugFrom } from './slug.ts'

/** `*`: every locale at once (reads only). */
export const ALL_LOCALES = '*'

/**
 * How a localized document keeps its values (docs/content.md, "Locales"): `data` holds the
 * shared fields and the default locale's values, `locales.<code>` each other locale's, so a
 * type that becomes localized keeps its documents as they are (their values are the default's).
 */
export interface LocalizedContent {
  data: DocumentData
  locales?: Record<string, DocumentData>
}

/** One type's localization within one website. */
export interface TypeLocales {
  /** The type's localized fields; empty when the type is not localized. */
  names: ReadonlySet<string>
  locales: readonly LocaleDefinition[]
  defaultCode: string
  /** The website's codes in its order. */
  codes: readonly string[]
}

export function typeLocales(
  type: Pick<ContentType, 'localized' | 'fields'>,
  locales: readonly LocaleDefinition[],
): TypeLocales {
  return {
    names: new Set(
      type.fields.filter((field) => isLocalizedField(type, field)).map((field) => field.name),
    ),
    locales,
    defaultCode: defaultLocaleOf(locales),
    codes: locales.map((locale) => locale.code),
  }
}

const hasValue = (value: unknown): boolean => value !== undefined && value !== null
const pick = (data: DocumentData, keep: (name: string) => boolean): DocumentData =>
  Object.fromEntries(Object.entries(data).filter(([name]) => keep(name)))

/** The values a locale holds itself (no fallback): the shared fields and its localized ones. */
export function ownValues(content: LocalizedContent, at: TypeLocales, code: string): DocumentData {
  if (code === at.defaultCode) return content.data
  return {
    ...pick(content.data, (name) => !at.names.has(name)),
    ...pick(content.locales?.[code] ?? {}, (name) => at.names.has(name)),
  }
}

/**
 * `content` with one locale's (validated) values written in: the shared fields to `data`, the
 * localized ones to that locale. Values of locales the website no longer has, and of fields
 * that are no longer localized, are dropped here.
 */
export function withOwnValues(
  content: LocalizedContent,
  at: TypeLocales,
  code: string,
  values: DocumentData,
): LocalizedContent {
  const kept: Record<string, DocumentData> = {}
  for (const [other, held] of Object.entries(content.locales ?? {})) {
    if (other === code || other === at.defaultCode || !at.codes.includes(other)) continue
    const localized = pick(held, (name) => at.names.has(name))
    if (Object.keys(localized).length > 0) kept[other] = localized
  }
  let data = values
  if (code !== at.defaultCode) {
    data = {
      ...pick(content.data, (name) => at.names.has(name)),
      ...pick(values, (name) => !at.names.has(name)),
    }
    const localized = pick(values, (name) => at.names.has(name) && hasValue(values[name]))
    if (Object.keys(localized).length > 0) kept[code] = localized
  }
  return Object.keys(kept).length > 0 ? { data, locales: kept } : { data }
}

/** The codes (in the website's order) in which some localized field has a value. */
export function presentLocales(content: LocalizedContent, at: TypeLocales): string[] {
  return at.codes.filter((code) => {
    const held = code === at.defaultCode ? content.data : content.locales?.[code]
    return held !== undefined && [...at.names].some((name) => hasValue(held[name]))
  })
}

/** A write in a locale other than the default checks `required` of shared fields only. */
export function validatorTypeFor(type: ContentType, at: TypeLocales, code: string): ContentType {
  if (code === at.defaultCode || at.names.size === 0) return type
  return {
    ...type,
    fields: type.fields.map((field) =>
      at.names.has(field.name) ? { ...field, required: false } : field,
    ),
  }
}

/** A shared field sent as one value per locale (`{"en": ..., "fr": ...}`) is refused, by name. */
export function requireSharedValuesShared(
  type: ContentType,
  at: TypeLocales,
  data: DocumentData,
): void {
  if (at.names.size === 0) return
  const problems: ErrorDetail[] = []
  for (const field of type.fields) {
    const value = data[field.name]
    if (at.names.has(field.name) || field.type === 'json') continue
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue
    const keys = Object.keys(value)
    const ownFields = new Set(field.fields?.map((inner) => inner.name))
    if (keys.length > 0 && keys.every((key) => at.codes.includes(key) && !ownFields.has(key)))
      problems.push({
        path: `data.${field.name}`,
        message: 'is shared by every locale (localized: false); send one value, not one per locale',
      })
  }
  if (problems.length > 0)
    throw new ValidationError('A shared field was sent with one value per locale', problems)
}

/**
 * The base of a locale's own slug: its value of the field slugs derive from, when that field is
 * localized (a shared one gives every locale the default locale's slug).
 */
export function localeSlugBase(
  type: Pick<ContentType, 'slugField' | 'titleField'>,
  at: TypeLocales,
  values: DocumentData,
): string | undefined {
  for (const field of [type.slugField, type.titleField]) {
    if (field === undefined || typeof values[field] !== 'string') continue
    if (!at.names.has(field)) return undefined
    const slug = slugFrom(values[field] as string)
    if (slug !== '') return slug
  }
  return undefined
}

/** Each localized field as `{code: value}` over the codes that have one; shared ones as they are. */
export function keyedByLocale(
  content: LocalizedContent,
  names: Iterable<string>,
  defaultCode: string,
  codes?: readonly string[],
): DocumentData {
  const data: DocumentData = { ...content.data }
  const others = Object.keys(content.locales ?? {}).filter(
    (code) => code !== defaultCode && (codes === undefined || codes.includes(code)),
  )
  for (const name of names) {
    const values: Record<string, unknown> = {}
    if (hasValue(content.data[name])) values[defaultCode] = content.data[name]
    for (const code of others) {
      const value = content.locales![code]![name]
      if (hasValue(value)) values[code] = value
    }
    data[name] = values
  }
  return data
}

type ShownDocument = Omit<Partial<StoredDocument>, 'slugs'> & {
  locale?: string
  localesPresent?: string[]
  slugs?: Record<string, string>
}

/**
 * A document as read in `asked` (a code or `*`): each localized field in that locale, or the
 * first locale of its fallback chain that has a value; the slug likewise. Documents of types
 * without localized fields are returned as they are.
 */
export function localizedView<Document extends Partial<StoredDocument>>(
  document: Document,
  at: TypeLocales | undefined,
  asked: string,
): Document & ShownDocument {
  if (!at || at.names.size === 0) return document
  const { locales: stored, slugs, ...rest } = document
  const content = { data: document.data ?? {}, ...(stored ? { locales: stored } : {}) }
  const view: ShownDocument = { ...rest }
  if (document.data !== undefined) view.localesPresent = presentLocales(content, at)
  if (asked === ALL_LOCALES) {
    if (document.data !== undefined)
      view.data = keyedByLocale(content, at.names, at.defaultCode, at.codes)
    if (document.slug !== undefined)
      view.slugs = {
        [at.defaultCode]: document.slug,
        ...(pick(slugs ?? {}, (code) => at.codes.includes(code)) as Record<string, string>),
      }
    return { ...view, locale: asked } as Document & ShownDocument
  }
  const chain = fallbackChain(at.locales, asked)
  const held = (code: string): DocumentData | undefined =>
    code === at.defaultCode ? content.data : content.locales?.[code]
  if (document.data !== undefined) {
    const data = { ...document.data }
    for (const name of at.names) {
      const from = chain.find((code) => hasValue(held(code)?.[name]))
      if (from === undefined) delete data[name]
      else data[name] = held(from)![name]
    }
    view.data = data
  }
  if (document.slug !== undefined) {
    const from = chain.find((code) => code === at.defaultCode || slugs?.[code] !== undefined)
    view.slug = from === undefined || from === at.defaultCode ? document.slug : slugs![from]
  }
  return { ...view, locale: asked } as Document & ShownDocument
}

/**
 * The non-default locales' slugs a write keeps: those of the website's locales (none when the
 * type has no localized fields), with `slug` set for `code` when one was sent.
 */
export function keptLocaleSlugs(
  held: Record<string, string> | undefined,
  at: TypeLocales,
  sent: { code: string; slug: string | undefined },
): Record<string, string> | undefined {
  if (at.names.size === 0) return undefined
  const kept = pick(held ?? {}, (code) => code !== at.defaultCode && at.codes.includes(code))
  if (sent.slug !== undefined) kept[sent.code] = sent.slug
  return Object.keys(kept).length > 0 ? (kept as Record<string, string>) : undefined
}

type LocaleMembers = Pick<StoredDocument, 'locales' | 'slugs' | 'localesPresent'>

/** `state` with exactly the locale members given: one a write does not hold is removed. */
export function withoutLocaleMembers<State extends LocaleMembers>(
  state: State,
  kept: { content: LocalizedContent; slugs: Record<string, string> | undefined },
): State {
  const { locales: _locales, slugs: _slugs, localesPresent: _present, ...rest } = state
  return {
    ...rest,
    ...(kept.content.locales ? { locales: kept.content.locales } : {}),
    ...(kept.slugs ? { slugs: kept.slugs } : {}),
  } as State
}

/** Records every code any of `contents` (live, pending draft) has values in. */
export function withLocalesPresent<State extends LocaleMembers>(
  state: State,
  at: TypeLocales,
  contents: readonly LocalizedContent[],
): State {
  const codes = new Set(contents.flatMap((content) => presentLocales(content, at)))
  return { ...state, localesPresent: at.codes.filter((code) => codes.has(code)) }
}
