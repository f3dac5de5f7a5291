import type { ContentType, Locale } from '@cms/client'
import type { EditorClient } from './editor-client.ts'

/** What every editor screen needs: the client and the website's types and locales. */
export interface EditorSite {
  client: EditorClient
  types: ContentType[]
  locales: Locale[]
  /** Whether the person's role may read the website's audit log (readAudit). */
  readsAudit: boolean
  /** Reads the types and locales again (after the type builder saved). */
  reload: () => void
}

export const typeNamed = (site: EditorSite, name: string): ContentType | undefined =>
  site.types.find((type) => type.name === name)

/** A document's title: its type's title field, else its slug. */
export function titleOf(
  site: EditorSite,
  document: { type: string; slug: string; data: Record<string, unknown> },
): string {
  const field = typeNamed(site, document.type)?.titleField
  const value = field ? document.data[field] : undefined
  return typeof value === 'string' && value.trim() ? value : document.slug
}

export const defaultLocaleOf = (site: EditorSite): string | undefined =>
  site.locales.find((locale) => locale.default)?.code
