import type { ContentTypeDefinition } from './validate-content-type.ts'

/** How big a content type definition is, in the three measures a website's quotas limit. */
export interface DefinitionSize {
  fields: number
  /** The most options of any one `select` field. */
  options: number
  /** The definition as compact JSON (what is stored and served), in UTF-8 bytes. */
  bytes: number
}

export function definitionSize(definition: ContentTypeDefinition): DefinitionSize {
  const fields = definition.fields ?? []
  return {
    fields: fields.length,
    options: fields.reduce((most, field) => Math.max(most, field.options?.length ?? 0), 0),
    bytes: new TextEncoder().encode(JSON.stringify(definition)).length,
  }
}
