import type { Component, ContentType, Locale } from '@cms/client'
import { resolveComponents } from '@cms/content-model/component-fields'
import type { FieldDefinition } from '@cms/content-model/content-type'
import type { EditorClient } from './editor-client.ts'
import type { Field } from './fields/field-props.ts'

/** What every editor screen needs: the client and the website's types and locales. */
export interface EditorSite {
  client: EditorClient
  types: ContentType[]
  components: Component[]
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

export const componentNamed = (site: EditorSite, name: string): Component | undefined =>
  site.components.find((component) => component.name === name)

export const componentLabel = (site: EditorSite, name: string): string =>
  componentNamed(site, name)?.label ?? name

const resolved = new WeakMap<object, Field[]>()

/**
 * A type's (or component's) fields with every component and blocks field resolved from the
 * website's components, as the content service validates them; kept per definition read.
 */
export function resolvedFields(site: EditorSite, definition: Pick<ContentType, 'fields'>): Field[] {
  const known = resolved.get(definition)
  if (known) return known
  const fields = resolveComponents(
    definition.fields as FieldDefinition[],
    (name) => componentNamed(site, name) as { fields: FieldDefinition[] } | undefined,
  ) as Field[]
  resolved.set(definition, fields)
  return fields
}
