import { defaultLocaleOf, fallbackChain } from '@cms/content-model'
import type { Caller } from '@cms/http'
import type { ContentTypeCatalog } from './content-types.ts'
import type { WebsiteModel } from '../document/content-type-source.ts'
import type { StoredDocument } from '../document/document.ts'
import { askedLocale } from './locale-param.ts'
import { ALL_LOCALES, localizedView, typeLocales } from '../document/localized-content.ts'
import type { TypeLocales } from '../document/localized-content.ts'

/** A read's locale: the code asked (or `*`), and how each type of the website is localized. */
export interface ReadLocale {
  code: string
  defaultCode: string
  /** The type's localization; undefined for a type the website does not declare. */
  of(typeName: string | undefined): TypeLocales | undefined
  /** A document as read in this locale. */
  view<Document extends Partial<StoredDocument>>(document: Document): Document
}

export function readLocaleOf(model: WebsiteModel, raw: unknown): ReadLocale {
  const code = askedLocale(raw, model.locales, { all: true })
  const byType = new Map(model.types.map((type) => [type.name, typeLocales(type, model.locales)]))
  const of = (typeName: string | undefined) =>
    typeName === undefined ? undefined : byType.get(typeName)
  return {
    code,
    defaultCode: defaultLocaleOf(model.locales),
    of,
    view: (document) => localizedView(document, of(document.type), code),
  }
}

/** Does a document hold anything a locale changes (values or slugs of other locales)? */
const holdsLocales = (document: Partial<StoredDocument>): boolean =>
  document.localesPresent !== undefined || document.locales !== undefined

/**
 * A document read by id or slug, in the asked locale. A read that names no locale, of a
 * document without localized values, needs nothing of the schema service.
 */
export async function viewInLocale(
  catalog: ContentTypeCatalog,
  input: { caller: Caller; document: StoredDocument; locale: string | undefined },
): Promise<StoredDocument> {
  if (input.locale === undefined && !holdsLocales(input.document)) return input.document
  const model = await catalog.listed(input.caller)
  return readLocaleOf(model, input.locale).view(input.document)
}

/**
 * Stored paths for a list in a locale other than the default: a filter or sort on a localized
 * field reads that locale's own value (no fallback), and a projection of one fetches the values
 * its fallback chain may show.
 */
export function localizedPathsOf(
  locale: ReadLocale,
  model: WebsiteModel,
  typeName: string | undefined,
): { path(path: string): string; widen(projection: Record<string, 0 | 1>): Record<string, 0 | 1> } {
  const scoped = model.types.filter((type) => typeName === undefined || type.name === typeName)
  const names = new Set(scoped.flatMap((type) => [...(locale.of(type.name)?.names ?? [])]))
  const fieldOf = (path: string) => (path.startsWith('data.') ? path.slice(5).split('.')[0]! : '')
  const own = locale.code !== locale.defaultCode && locale.code !== ALL_LOCALES
  const chain =
    locale.code === ALL_LOCALES
      ? model.locales.map((entry) => entry.code)
      : fallbackChain(model.locales, locale.code)
  return {
    path: (path) =>
      own && names.has(fieldOf(path)) ? `locales.${locale.code}.${path.slice(5)}` : path,
    widen(projection) {
      const widened = { ...projection }
      const including = projection._id === 1
      for (const [path, value] of Object.entries(projection)) {
        if (!names.has(fieldOf(path))) continue
        for (const code of chain)
          if (code !== locale.defaultCode) widened[`locales.${code}.${path.slice(5)}`] = value
      }
      if (including && (projection.slug === 1 || projection.data === 1)) widened.slugs = 1
      if (including && projection.data === 1) widened.locales = 1
      return widened
    },
  }
}

/** Every key of a MongoDB filter renamed by `path` (conditions nest under `$and`, `$or`, `$nor`). */
export function renamePaths(filter: unknown, path: (path: string) => string): unknown {
  if (Array.isArray(filter)) return filter.map((part) => renamePaths(part, path))
  if (typeof filter !== 'object' || filter === null || filter instanceof Date) return filter
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) =>
      key.startsWith('$')
        ? [key, ['$and', '$or', '$nor'].includes(key) ? renamePaths(value, path) : value]
        : [path(key), value],
    ),
  )
}
