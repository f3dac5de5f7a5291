import { componentReferenceProblems, isPlainObject, MAX_COMPONENT_DEPTH } from '@cms/content-model'
import type { ComponentLookup, FieldDefinition } from '@cms/content-model'
import { ConflictError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { DefinitionKind } from './definition-kind.ts'
import { KIND_NOUNS } from './definition-kind.ts'
import type { FieldDeclaration, WebsiteTypeIndexEntry } from './website-type-index.ts'

/** The index's components and who uses them: what every component check reads, one small read. */
export type ComponentGraph = Pick<
  WebsiteTypeIndexEntry,
  'declarations' | 'components' | 'componentDeclarations'
>

/** One field (of a type or of another component) that names a component, directly or in blocks. */
export interface ComponentReferrer {
  kind: DefinitionKind
  definition: string
  field: string
}

export const namesOf = (field: Pick<FieldDeclaration, 'component' | 'components'>): string[] =>
  field.component !== undefined ? [field.component] : (field.components ?? [])

/**
 * What the reference check reads of one element of `fields` as sent: its type and the
 * components it names (strings only); anything else is the definition check's to report.
 */
export function referenceShape(element: unknown): FieldDefinition {
  const field = isPlainObject(element) ? element : {}
  const { component, components } = field
  return {
    name: typeof field.name === 'string' ? field.name : '',
    label: '',
    type: field.type === 'blocks' ? 'blocks' : 'component',
    required: false,
    ...(typeof component === 'string' && { component }),
    ...(component === undefined &&
      Array.isArray(components) && {
        components: components.filter((name): name is string => typeof name === 'string'),
      }),
  }
}

/** Whether `fields` (a definition as sent) name any component. */
export const namesComponents = (fields: unknown): boolean =>
  Array.isArray(fields) && fields.some((field) => namesOf(referenceShape(field)).length > 0)

/** The website's components as the content model's reference check looks them up. */
function lookupIn(graph: ComponentGraph): ComponentLookup {
  const known = new Set(graph.components)
  return (name) => {
    const declared = known.has(name) ? graph.componentDeclarations[name] : undefined
    return declared && { fields: declared.map(referenceShape) }
  }
}

/** Every field of the website's definitions (the component's own aside) naming `component`. */
export function componentReferrers(graph: ComponentGraph, component: string): ComponentReferrer[] {
  const scan = (kind: DefinitionKind, declarations: ComponentGraph['declarations']) =>
    Object.keys(declarations)
      .filter((name) => !(kind === 'component' && name === component))
      .sort()
      .flatMap((definition) =>
        (declarations[definition] ?? [])
          .filter((field) => namesOf(field).includes(component))
          .map((field) => ({ kind, definition, field: field.name })),
      )
  return [
    ...scan('content-type', graph.declarations),
    ...scan('component', graph.componentDeclarations),
  ]
}

/**
 * The level a component's own fields sit at: 2 unused (a component is only ever a field's value,
 * one level below a type's fields), else one below the deepest field that names it.
 */
export function componentFieldsLevel(graph: ComponentGraph, component: string): number {
  const levels = new Map<string, number>()
  const levelOf = (name: string, visiting: ReadonlySet<string>): number => {
    const known = levels.get(name)
    if (known !== undefined) return known
    let level = 2
    for (const referrer of componentReferrers(graph, name)) {
      if (referrer.kind === 'component' && visiting.has(referrer.definition)) continue
      const above =
        referrer.kind === 'content-type'
          ? 1
          : levelOf(referrer.definition, new Set([...visiting, referrer.definition]))
      level = Math.max(level, above + 1)
      // Stored definitions never nest deeper; this only bounds the walk.
      if (level > MAX_COMPONENT_DEPTH + 1) break
    }
    levels.set(name, level)
    return level
  }
  return levelOf(component, new Set([component]))
}

/**
 * One 422 detail per component a definition's `fields` (as sent) name that is no component of
 * the website, leads back to the component being saved (a cycle), or nests components past
 * MAX_COMPONENT_DEPTH counting from the deepest type that would hold it.
 */
export function componentProblems(
  fields: unknown,
  saved: { kind: DefinitionKind; name: unknown },
  graph: ComponentGraph,
): ErrorDetail[] {
  if (!Array.isArray(fields)) return []
  const options =
    saved.kind === 'component' && typeof saved.name === 'string'
      ? { trail: [saved.name], level: componentFieldsLevel(graph, saved.name) }
      : {}
  return componentReferenceProblems(fields.map(referenceShape), lookupIn(graph), options)
}

/** How many referring fields a refused delete names in its message and in its details. */
const REFERRERS_IN_MESSAGE = 10
const REFERRERS_IN_DETAILS = 100

/** The 409 of a delete refused because fields of types or other components use the component. */
export function componentInUseConflict(
  name: string,
  referrers: ComponentReferrer[],
): ConflictError {
  const named = referrers.map((referrer) => `${referrer.definition}.${referrer.field}`)
  const shown = named.slice(0, REFERRERS_IN_MESSAGE).join(', ')
  const more =
    named.length > REFERRERS_IN_MESSAGE ? ` and ${named.length - REFERRERS_IN_MESSAGE} more` : ''
  return new ConflictError(
    `Component ${name} is in use by ${shown}${more}; change or remove those fields first`,
    {
      details: referrers.slice(0, REFERRERS_IN_DETAILS).map((referrer) => ({
        path: `${referrer.definition}.${referrer.field}`,
        message: `is a field of ${KIND_NOUNS[referrer.kind]} ${referrer.definition} using component ${name}`,
      })),
    },
  )
}
