import type { ContentType, FieldDefinition } from '@cms/content-model'
import { ref } from './operation.ts'
import {
  BLOCK_KEY,
  blockNames,
  blockSchemaName,
  componentSchemaName,
  inputObject,
  readObject,
} from './data-schemas.ts'

type Json = Record<string, unknown>

interface ComponentUse {
  fields: readonly FieldDefinition[]
  /** Some blocks field allows it, so it needs its item schemas too. */
  inBlocks: boolean
}

/** The components one field names, with their resolved fields (none when unresolved). */
function namedBy(field: FieldDefinition): Array<[string, readonly FieldDefinition[], boolean]> {
  if (field.type === 'component' && field.component !== undefined)
    return [[field.component, field.fields ?? [], false]]
  if (field.type === 'blocks') {
    const resolved = new Map(field.blocks?.map((shape) => [shape.name, shape.fields]))
    return blockNames(field).map((name) => [name, resolved.get(name) ?? [], true])
  }
  return []
}

/**
 * Every component the types' (resolved) fields use, at any depth, breadth first: each is
 * described by its shallowest use, whose fields are resolved deepest.
 */
export function componentUses(types: readonly ContentType[]): Map<string, ComponentUse> {
  const uses = new Map<string, ComponentUse>()
  let level: readonly FieldDefinition[] = types.flatMap((type) => type.fields)
  while (level.length > 0) {
    const next: FieldDefinition[] = []
    for (const [name, fields, inBlocks] of level.flatMap(namedBy)) {
      const use = uses.get(name)
      if (use) use.inBlocks ||= inBlocks
      else {
        uses.set(name, { fields, inBlocks })
        next.push(...fields)
      }
    }
    level = next
  }
  return uses
}

const blockMember = (name: string): Json => ({
  type: 'object',
  required: [BLOCK_KEY],
  properties: { [BLOCK_KEY]: { const: name } },
})

/**
 * The named schemas of the components `types` use, each once however often it is used:
 * `<name>.Component` (a value as read) and `<name>.ComponentInput` (as written), and for one
 * a blocks field allows `<name>.Block` and `<name>.BlockInput` (the value with `__component`).
 */
export function componentSchemas(
  types: readonly ContentType[],
  shown: ReadonlySet<string>,
): Record<string, Json> {
  const schemas: Record<string, Json> = {}
  const sorted = [...componentUses(types)].sort(([a], [b]) => a.localeCompare(b))
  for (const [name, use] of sorted) {
    const read = componentSchemaName(name, 'read')
    const input = componentSchemaName(name, 'input')
    schemas[read] = { title: `${name}: component`, ...readObject(use.fields, shown) }
    schemas[input] = { title: `${name}: component (written)`, ...inputObject(use.fields) }
    if (!use.inBlocks) continue
    schemas[blockSchemaName(name, 'read')] = {
      title: `${name}: block`,
      allOf: [ref(read)],
      ...blockMember(name),
    }
    schemas[blockSchemaName(name, 'input')] = {
      title: `${name}: block (written)`,
      allOf: [ref(input)],
      ...blockMember(name),
      unevaluatedProperties: false,
    }
  }
  return schemas
}
