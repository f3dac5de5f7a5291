import type { FieldType } from '@cms/content-model'

/** The field names and types of one content type: all a list query needs to resolve names. */
export type FieldDeclaration = { name: string; type: FieldType }

export interface WebsiteTypeIndexEntry {
  names: string[]
  revision: number
  /** Per type name, its fields' names and types. */
  declarations: Record<string, FieldDeclaration[]>
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
  /** Records every type of `types` and marks the index complete (types stored before it). */
  rebuild(
    websiteId: string,
    types: ReadonlyArray<{ name: string; fields: FieldDeclaration[] }>,
  ): Promise<void>
}

export const declarationsOf = (
  fields: ReadonlyArray<{ name: string; type: FieldType }>,
): FieldDeclaration[] => fields.map((field) => ({ name: field.name, type: field.type }))
