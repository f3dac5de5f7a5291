import { isLocalizedField } from '@cms/content-model'
import type { FieldDefinition, FieldType, LocaleDefinition } from '@cms/content-model'

/**
 * What other services need of one field: its name and type, and for a relation its target
 * and whether it holds many ids (list queries resolve names with it, relation checks and
 * filters follow `target`, a delete looks for types that target it).
 */
export type FieldDeclaration = {
  name: string
  type: FieldType
  target?: string
  many?: boolean
  /** Holds one value per locale. */
  localized?: true
}

export interface WebsiteTypeIndexEntry {
  names: string[]
  revision: number
  /** Per type name, its fields' declarations. */
  declarations: Record<string, FieldDeclaration[]>
  /** The website's locales (DEFAULT_LOCALES until set). */
  locales: LocaleDefinition[]
}

/**
 * Per website: the names of its content types, their field declarations, and a revision that
 * every change bumps. Kept beside the types so a list reads the website's own types by `_id`
 * (on FerretDB any other filter decodes every website's types), list queries read one small
 * document, and a cached list is checked with one small read.
 */
export interface WebsiteTypeIndex {
  /** The index; undefined until `rebuild` has run for the website once. */
  read(websiteId: string): Promise<WebsiteTypeIndexEntry | undefined>
  /** Records a type (before it is inserted, so a type is never missing from its index). */
  add(websiteId: string, name: string, fields: FieldDeclaration[]): Promise<void>
  /** Forgets a type (after it is removed; a name without a type is skipped when read). */
  drop(websiteId: string, name: string): Promise<void>
  /** Bumps the revision after a change of one type, with its fields as they are now. */
  touch(websiteId: string, name: string, fields: FieldDeclaration[]): Promise<void>
  /** Sets the website's locales; bumps the revision like a type change. */
  setLocales(websiteId: string, locales: LocaleDefinition[]): Promise<void>
  /** Records every type of `types` and marks the index complete (types stored before it). */
  rebuild(
    websiteId: string,
    types: ReadonlyArray<{ name: string; fields: FieldDeclaration[] }>,
  ): Promise<void>
}

/**
 * Name and type of each field; a relation also carries `target`, and relations and media fields
 * `many` (false when unset); in a localized type, each localized field `localized: true`.
 */
export const declarationsOf = (
  fields: ReadonlyArray<Pick<FieldDefinition, 'name' | 'type' | 'target' | 'many' | 'localized'>>,
  typeLocalized?: boolean,
): FieldDeclaration[] =>
  fields.map((field) => {
    const localized = isLocalizedField({ localized: typeLocalized }, field)
      ? { localized: true as const }
      : {}
    return field.type === 'relation' || field.type === 'media'
      ? {
          name: field.name,
          type: field.type,
          ...(field.target !== undefined && { target: field.target }),
          many: field.many === true,
          ...localized,
        }
      : { name: field.name, type: field.type, ...localized }
  })
