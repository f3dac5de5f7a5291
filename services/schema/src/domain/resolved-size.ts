import type { ErrorDetail } from '@cms/errors'
import { namesOf, referenceShape } from './component-graph.ts'
import type { ComponentGraph } from './component-graph.ts'
import type { SavedDefinition } from './definition-references.ts'

/**
 * How many fields a type may hold once its components are resolved (each use of a component
 * counts its fields again). The depth limit alone would let 100 fields of 100 fields ... five
 * levels down resolve to 10^10 fields, which no service could serve or compile.
 */
export const MAX_RESOLVED_FIELDS = 2000

type Shape = Pick<ReturnType<typeof referenceShape>, 'component' | 'components'>

/** Resolved field counts over `graph`, each component's computed once. */
function sizer(graph: { types: Map<string, Shape[]>; components: Map<string, Shape[]> }) {
  const known = new Map<string, number>()
  const componentSize = (name: string, visiting: ReadonlySet<string>): number => {
    const cached = known.get(name)
    if (cached !== undefined) return cached
    // A cycle is the reference check's to report; it adds nothing here.
    if (visiting.has(name)) return 0
    const size = sizeOf(graph.components.get(name) ?? [], new Set([...visiting, name]))
    known.set(name, size)
    return size
  }
  const sizeOf = (fields: readonly Shape[], visiting: ReadonlySet<string>): number =>
    fields.reduce(
      (total, field) =>
        total +
        1 +
        namesOf(field).reduce((inner, name) => inner + componentSize(name, visiting), 0),
      0,
    )
  return { component: (name: string) => componentSize(name, new Set()), fields: sizeOf }
}

const shapesOf = (declarations: ComponentGraph['declarations'], names: readonly string[]) =>
  new Map(names.map((name) => [name, (declarations[name] ?? []).map(referenceShape)]))

/**
 * A 422 detail on `fields` when the definition being saved (its `fields` as sent) would make a
 * type it is in, or itself, hold more than MAX_RESOLVED_FIELDS fields resolved; a type already
 * past it that the change does not grow is left alone.
 */
export function resolvedSizeProblems(
  fields: unknown,
  saved: SavedDefinition,
  graph: ComponentGraph & { names: readonly string[] },
): ErrorDetail[] {
  if (!Array.isArray(fields) || typeof saved.name !== 'string') return []
  const name = saved.name
  const before = {
    types: shapesOf(graph.declarations, graph.names),
    components: shapesOf(graph.componentDeclarations, graph.components),
  }
  const own = fields.map(referenceShape)
  const after = {
    types: new Map(before.types),
    components: new Map(before.components),
  }
  ;(saved.kind === 'component' ? after.components : after.types).set(name, own)
  const [was, will] = [sizer(before), sizer(after)]
  const grown = [...after.types.keys()].flatMap((type) => {
    const size = will.fields(after.types.get(type)!, new Set())
    const previous = before.types.has(type) ? was.fields(before.types.get(type)!, new Set()) : 0
    return size > MAX_RESOLVED_FIELDS && size > previous ? [`content type ${type} (${size})`] : []
  })
  const itself = saved.kind === 'component' ? will.component(name) : 0
  const named = [...grown, ...(itself > MAX_RESOLVED_FIELDS ? [`itself (${itself})`] : [])]
  if (named.length === 0) return []
  return [
    {
      path: 'fields',
      message: `would resolve to more than ${MAX_RESOLVED_FIELDS} fields with its components: ${named.slice(0, 10).join(', ')}`,
    },
  ]
}
