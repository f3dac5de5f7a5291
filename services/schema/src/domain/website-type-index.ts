import { isLocalizedField } from '@cms/content-model'
import type { FieldDefinition, FieldType, LocaleDefinition } from '@cms/content-model'
import type { DefinitionKind } from './definition-kind.ts'

/**
 * What other services need of one field: its name and type, for a relation its target and
 * whether it holds many ids (list queries resolve names with it, relation checks and filters
 * follow `target`, a delete looks for types that target it), and for a component or blocks
 * field the components it names (the schema service resolves them for the content service).
 */
export type FieldDeclaration = {
  name: string
  type: FieldType
  target?: string
  many?: boolean
  /** Holds one value per locale. */
  localized?: true
  /** `component`: the component named, and whether the value is a list of them. */
  component?: string
  repeatable?: boolean
  /** `blocks`: the components an item may be. */
  components?: string[]
}

/** The declarations of every definition of one kind, by its name. */
export type Declarations = Record<string, FieldDeclaration[]>

export interface WebsiteTypeIndexEntry {
  /** The content types' names. */
  names: string[]
  revision: number
  /** Per type name, its fields' declarations. */
  declarations: Declarations
  /** The components' names (one name space with the types). */
  components: string[]
  /** Per component name, its fields' declarations. */
  componentDeclarations: Declarations
  /** The website's locales (DEFAULT_LOCALES until set). */
  locales: LocaleDefinition[]
}

/** One definition as the index records it. */
export interface IndexedDefinition {
  kind: DefinitionKind
  name: string
  fields: FieldDeclaration[]
}

/**
 * Per website: the names of its content types and components, their field declarations, and a
 * revision that every change bumps. Kept beside the definitions so a list reads the website's
 * own by `_id` (on FerretDB any other filter decodes every website's types), list queries read
 * one small document, and a cached list is checked with one small read.
 */
export interface WebsiteTypeIndex {
  /** The index; undefined until `rebuild` has run for the website once. */
  read(websiteId: string): Promise<WebsiteTypeIndexEntry | undefined>
  /** Records a definition (before it is inserted, so none is ever missing from its index). */
  add(websiteId: string, definition: IndexedDefinition): Promise<void>
  /** Forgets a definition (after it is removed; a name without a record is skipped when read). */
  drop(websiteId: string, kind: DefinitionKind, name: string): Promise<void>
  /** Bumps the revision after a change of one definition, with its fields as they are now. */
  touch(websiteId: string, definition: IndexedDefinition): Promise<void>
  /** Sets the website's locales; bumps the revision like a type change. */
  setLocales(websiteId: string, locales: LocaleDefinition[]): Promise<void>
  /** Records every type of `types` and marks the index complete (types stored before it). */
  rebuild(
    websiteId: string,
    types: ReadonlyArray<{ name: string; fields: FieldDeclaration[] }>,
  ): Promise<void>
}

type DeclaredField = Pick<
  FieldDefinition,
  'name' | 'type' | 'target' | 'many' | 'localized' | 'component' | 'repeatable' | 'components'
>

/** What a field adds to its name and type: a relation's target, the components it names. */
function declaredOptions(field: DeclaredField): Partial<FieldDeclaration> {
  switch (field.type) {
    case 'relation':
    case 'media':
      return {
        ...(field.target !== undefined && { target: field.target }),
        many: field.many === true,
      }
    case 'component':
      return {
        ...(field.component !== undefined && { component: field.component }),
        repeatable: field.repeatable === true,
      }
    case 'blocks':
      return { components: [...(field.components ?? [])] }
    default:
      return {}
  }
}

/**
 * Name and type of each field; a relation also carries `target`, and relations and media fields
 * `many` (false when unset); a component field its `component` and `repeatable` (false when
 * unset), a blocks field its `components`; in a localized type, each localized field
 * `localized: true`.
 */
export const declarationsOf = (
  fields: readonly DeclaredField[],
  typeLocalized?: boolean,
): FieldDeclaration[] =>
  fields.map((field) => ({
    name: field.name,
    type: field.type,
    ...declaredOptions(field),
    ...(isLocalizedField({ localized: typeLocalized }, field) && { localized: true as const }),
  }))

/** The index entry of a stored definition of `kind`. */
export const indexedDefinition = (
  kind: DefinitionKind,
  definition: { name: string; fields: readonly DeclaredField[]; localized?: boolean },
): IndexedDefinition => ({
  kind,
  name: definition.name,
  fields: declarationsOf(definition.fields, definition.localized),
})
