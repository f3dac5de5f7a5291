import { GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql'
import type { ValueNode } from 'graphql'

/**
 * Any JSON value: `data` of a mutation (checked by the content service, whose 422 names each
 * path as REST does), a list's `filter` in the REST filter syntax, rich text and json fields.
 */
export const JsonScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node: ValueNode, variables) =>
    node.kind === Kind.NULL ? null : valueFromASTUntyped(node, variables ?? undefined),
})
