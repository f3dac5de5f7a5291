/**
 * What the schema service keeps under a website's names: content types and components, in one
 * name space (a type and a component cannot share a name, so `data.seo` is never ambiguous).
 */
export const DEFINITION_KINDS = ['content-type', 'component'] as const
export type DefinitionKind = (typeof DEFINITION_KINDS)[number]

/** How messages name a definition of each kind. */
export const KIND_NOUNS: Readonly<Record<DefinitionKind, string>> = {
  'content-type': 'content type',
  component: 'component',
}
