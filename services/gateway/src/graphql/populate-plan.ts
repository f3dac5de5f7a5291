import { Kind } from 'graphql'
import type { FieldNode, FragmentDefinitionNode, SelectionSetNode } from 'graphql'
import type { ContentType, FieldDefinition } from '@cms/content-model'

/** REST's `populate` value: a field populated as stored, or with its own populate inside. */
export type Populate = { [field: string]: true | { populate: Populate } }

type Fragments = Readonly<Record<string, FragmentDefinitionNode>>

/** The fields a selection set selects, through fragments and inline fragments, aliases kept. */
function selectedFields(set: SelectionSetNode | undefined, fragments: Fragments): FieldNode[] {
  if (!set) return []
  return set.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection]
    if (selection.kind === Kind.INLINE_FRAGMENT)
      return selectedFields(selection.selectionSet, fragments)
    return selectedFields(fragments[selection.name.value]?.selectionSet, fragments)
  })
}

/** Every node of `name` among the fields selected under `nodes` (aliases merge). */
export function childrenNamed(
  nodes: readonly FieldNode[],
  name: string,
  fragments: Fragments,
): FieldNode[] {
  return nodes.flatMap((node) =>
    selectedFields(node.selectionSet, fragments).filter((field) => field.name.value === name),
  )
}

const merged = (a: Populate | undefined, b: Populate | undefined): Populate | undefined => {
  if (!a || !b) return a ?? b
  const out: Populate = { ...a }
  for (const [name, value] of Object.entries(b)) {
    const held = out[name]
    out[name] =
      held === undefined || held === true
        ? value
        : value === true
          ? held
          : { populate: merged(held.populate, value.populate)! }
  }
  return out
}

/** The fields of every component a blocks field may hold, the first of each name kept. */
const blockFields = (field: FieldDefinition): FieldDefinition[] => {
  const byName = new Map<string, FieldDefinition>()
  for (const block of field.blocks ?? [])
    for (const inner of block.fields) if (!byName.has(inner.name)) byName.set(inner.name, inner)
  return [...byName.values()]
}

/**
 * The REST `populate` that brings every relation, media, component and blocks field a GraphQL
 * selection of `data` reaches, nested as deep as it is selected, so a page costs the storage
 * commands of the REST call with that populate (docs/graphql.md, "Population"). Undefined when
 * the selection reaches none. A relation to a type not in `types` stays an id.
 */
export function populateOf(
  fields: readonly FieldDefinition[],
  dataNodes: readonly FieldNode[],
  context: { fragments: Fragments; types: ReadonlyMap<string, ContentType> },
): Populate | undefined {
  let out: Populate | undefined
  for (const field of fields) {
    const nodes = dataNodes.flatMap((node) =>
      selectedFields(node.selectionSet, context.fragments).filter(
        (selected) => selected.name.value === field.name,
      ),
    )
    if (nodes.length === 0) continue
    let inner: Populate | undefined
    if (field.type === 'relation') {
      const target = field.target === undefined ? undefined : context.types.get(field.target)
      if (!target) continue
      inner = populateOf(target.fields, childrenNamed(nodes, 'data', context.fragments), context)
    } else if (field.type === 'component') {
      inner = populateOf(field.fields ?? [], nodes, context)
      if (!inner) continue
    } else if (field.type === 'blocks') {
      inner = populateOf(blockFields(field), nodes, context)
      if (!inner) continue
    } else if (field.type !== 'media') continue
    out = merged(out, { [field.name]: inner ? { populate: inner } : true })
  }
  return out
}
