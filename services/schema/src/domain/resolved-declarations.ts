import { MAX_COMPONENT_DEPTH } from '@cms/content-model'
import type { Declarations, FieldDeclaration } from './website-type-index.ts'

/** A field declaration with its components' declarations filled in, as the content service reads them. */
export type ResolvedDeclaration = FieldDeclaration & {
  /** `component`: the component's fields. */
  fields?: ResolvedDeclaration[]
  /** `blocks`: each component an item may be, with its fields. */
  blocks?: Array<{ name: string; fields: ResolvedDeclaration[] }>
}

/**
 * `fields` with each component field's `fields` and each blocks field's `blocks` filled in
 * from the index's component declarations, at every depth: `@cms/content-model`'s
 * resolveComponents over declarations, so list queries (`data.seo.title`) resolve from the
 * one small index read. Bounded by MAX_COMPONENT_DEPTH, so stored data cannot loop.
 */
export function resolveDeclarations(
  fields: readonly FieldDeclaration[],
  components: Declarations,
  level = 1,
): ResolvedDeclaration[] {
  const fieldsOf = (name: string): ResolvedDeclaration[] =>
    level > MAX_COMPONENT_DEPTH
      ? []
      : resolveDeclarations(
          Object.hasOwn(components, name) ? (components[name] ?? []) : [],
          components,
          level + 1,
        )
  return fields.map((field) => {
    if (field.type === 'component' && field.component !== undefined)
      return { ...field, fields: fieldsOf(field.component) }
    if (field.type === 'blocks')
      return {
        ...field,
        blocks: (field.components ?? []).map((name) => ({ name, fields: fieldsOf(name) })),
      }
    return field
  })
}
