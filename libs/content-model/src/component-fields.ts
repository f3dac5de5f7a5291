import { MAX_COMPONENT_DEPTH } from '@cms/contract'
import { indexPath, memberPath } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { BLOCK_COMPONENT_KEY } from './content-type.ts'
import type { ComponentShape, FieldDefinition } from './content-type.ts'
import { isPlainObject } from './plain-object.ts'

export { MAX_COMPONENT_DEPTH }

/** A website's components by name, as stored (their fields unresolved). */
export type ComponentLookup = (name: string) => Pick<ComponentShape, 'fields'> | undefined

/** The components a field names: a component field's one, a blocks field's list. */
export const componentNamesOf = (field: Pick<FieldDefinition, 'component' | 'components'>) =>
  field.component !== undefined ? [field.component] : (field.components ?? [])

/**
 * What is wrong with the components `fields` name (a definition as sent, at `path`): a name
 * that is no component of the website, one that leads back to `trail` (the component being
 * saved and those it sits in), or nesting past MAX_COMPONENT_DEPTH below `level` (1 for a
 * type's own fields). Reported at the member of `fields` that names it.
 */
export function componentReferenceProblems(
  fields: readonly FieldDefinition[],
  lookup: ComponentLookup,
  options: { path?: string; trail?: readonly string[]; level?: number } = {},
): ErrorDetail[] {
  const { path = 'fields', trail = [], level = 1 } = options
  const problems: ErrorDetail[] = []
  fields.forEach((field, index) => {
    const names = componentNamesOf(field)
    names.forEach((name, position) => {
      const at =
        field.component !== undefined
          ? memberPath(indexPath(path, index), 'component')
          : indexPath(memberPath(indexPath(path, index), 'components'), position)
      const problem = referenceProblem(name, lookup, trail, level)
      if (problem) problems.push({ path: at, message: problem })
    })
  })
  return problems
}

function referenceProblem(
  name: string,
  lookup: ComponentLookup,
  trail: readonly string[],
  level: number,
): string | undefined {
  if (trail.includes(name)) return `makes a cycle: ${[...trail, name].join(' > ')}`
  if (level > MAX_COMPONENT_DEPTH)
    return `nests components more than ${MAX_COMPONENT_DEPTH} levels deep`
  const component = lookup(name)
  if (!component) return `names no component of this website: ${JSON.stringify(name)}`
  for (const field of component.fields) {
    for (const inner of componentNamesOf(field)) {
      const problem = referenceProblem(inner, lookup, [...trail, name], level + 1)
      if (problem) return problem
    }
  }
  return undefined
}

/**
 * `fields` with each component field's `fields` and each blocks field's `blocks` filled in from
 * `lookup`, at every depth (bounded, so stored data with a cycle cannot loop). A component
 * missing from `lookup` resolves to no fields.
 */
export function resolveComponents(
  fields: readonly FieldDefinition[],
  lookup: ComponentLookup,
  level = 1,
): FieldDefinition[] {
  const shapeOf = (name: string): ComponentShape => ({
    name,
    fields:
      level > MAX_COMPONENT_DEPTH
        ? []
        : resolveComponents(lookup(name)?.fields ?? [], lookup, level + 1),
  })
  return fields.map((field) => {
    if (field.type === 'component' && field.component !== undefined)
      return { ...field, fields: shapeOf(field.component).fields }
    if (field.type === 'blocks') return { ...field, blocks: (field.components ?? []).map(shapeOf) }
    return field
  })
}

/** A field as written: without the members `resolveComponents` adds. */
export function unresolvedField(field: FieldDefinition): FieldDefinition {
  const { fields: _fields, blocks: _blocks, ...written } = field
  return written
}

/** The resolved component a blocks item names, if the field allows it. */
export function blockShapeOf(field: FieldDefinition, item: unknown): ComponentShape | undefined {
  if (!isPlainObject(item)) return undefined
  const name = item[BLOCK_COMPONENT_KEY]
  return field.blocks?.find((shape) => shape.name === name)
}

/** Each (field, value, path) of one component value (an object), and its components' values. */
export type FieldValueVisitor = (field: FieldDefinition, value: unknown, path: string) => void

/**
 * Visits every field of resolved `fields` in `data`, with its path as a 422 names it
 * (`data.seo.title`, `data.sections[2].image`), then descends into component and blocks values.
 */
export function forEachFieldValue(
  fields: readonly FieldDefinition[],
  data: unknown,
  visit: FieldValueVisitor,
  path = 'data',
): void {
  if (!isPlainObject(data)) return
  for (const field of fields) {
    const value = data[field.name]
    const at = memberPath(path, field.name)
    visit(field, value, at)
    for (const [item, itemPath, itemFields] of componentValues(field, value, at))
      forEachFieldValue(itemFields, item, visit, itemPath)
  }
}

/** The component values one field holds: each with its path and (resolved) fields. */
export function componentValues(
  field: FieldDefinition,
  value: unknown,
  path: string,
): Array<[Record<string, unknown>, string, FieldDefinition[]]> {
  if (field.type === 'component') {
    const fields = field.fields ?? []
    if (!field.repeatable) return isPlainObject(value) ? [[value, path, fields]] : []
    return Array.isArray(value)
      ? value.flatMap((item, index) =>
          isPlainObject(item) ? [[item, indexPath(path, index), fields] as const] : [],
        )
      : []
  }
  if (field.type === 'blocks' && Array.isArray(value)) {
    return value.flatMap((item, index) => {
      const shape = blockShapeOf(field, item)
      return shape
        ? [[item as Record<string, unknown>, indexPath(path, index), shape.fields] as const]
        : []
    })
  }
  return []
}
