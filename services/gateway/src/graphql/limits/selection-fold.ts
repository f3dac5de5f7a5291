import {
  getNamedType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
} from 'graphql'
import type {
  FieldNode,
  GraphQLField,
  GraphQLNamedType,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
} from 'graphql'

/** One selected field, with the type it is selected on and its definition when the schema has it. */
export interface SelectedField {
  node: FieldNode
  parentType: GraphQLNamedType | undefined
  definition: GraphQLField<unknown, unknown> | undefined
}

/** A field of introspection's own types (`__Schema`, `__Type`, ...), answered from memory. */
export const selectedOnIntrospection = (field: SelectedField): boolean =>
  field.parentType !== undefined && isIntrospectionType(field.parentType)

export interface SelectionFold {
  /** A field's value from its selection's value (0 when it selects nothing). */
  field(field: SelectedField, children: number): number
  /** How the values of one selection set's members combine (a sum, or the largest). */
  combine(values: readonly number[]): number
}

const META_FIELDS = new Map([
  [SchemaMetaFieldDef.name, SchemaMetaFieldDef],
  [TypeMetaFieldDef.name, TypeMetaFieldDef],
])

function definitionOf(
  context: ValidationContext,
  parentType: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef
  if (parentType && parentType === context.getSchema().getQueryType() && META_FIELDS.has(name))
    return META_FIELDS.get(name)
  if (isObjectType(parentType) || isInterfaceType(parentType)) return parentType.getFields()[name]
  return undefined
}

/**
 * Folds an operation's selections into one number, following inline and named fragments. A named
 * fragment is folded once per operation and its value reused wherever it is spread, so a text
 * that spreads fragments into fragments costs linear time, not exponential; a fragment that
 * spreads itself (which graphql-js refuses anyway) counts 0 inside itself.
 */
export function foldOperation(
  context: ValidationContext,
  operation: OperationDefinitionNode,
  fold: SelectionFold,
): number {
  const schema = context.getSchema()
  const fragments = new Map<string, number>()
  const open = new Set<string>()

  const typeNamed = (name: string | undefined, fallback: GraphQLNamedType | undefined) =>
    name === undefined ? fallback : schema.getType(name)

  const fragmentValue = (name: string): number => {
    const known = fragments.get(name)
    if (known !== undefined) return known
    const fragment = context.getFragment(name)
    if (!fragment || open.has(name)) return 0
    open.add(name)
    const value = selection(
      fragment.selectionSet,
      schema.getType(fragment.typeCondition.name.value) ?? undefined,
    )
    open.delete(name)
    fragments.set(name, value)
    return value
  }

  const selection = (set: SelectionSetNode, type: GraphQLNamedType | undefined): number =>
    fold.combine(
      set.selections.map((node) => {
        if (node.kind === Kind.FRAGMENT_SPREAD) return fragmentValue(node.name.value)
        if (node.kind === Kind.INLINE_FRAGMENT)
          return selection(node.selectionSet, typeNamed(node.typeCondition?.name.value, type))
        const definition = definitionOf(context, type, node.name.value)
        const childType = definition ? getNamedType(definition.type) : undefined
        const children = node.selectionSet ? selection(node.selectionSet, childType) : 0
        return fold.field({ node, parentType: type, definition }, children)
      }),
    )

  return selection(operation.selectionSet, schema.getRootType(operation.operation) ?? undefined)
}
