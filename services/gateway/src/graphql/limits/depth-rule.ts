import type { ValidationRule } from 'graphql'
import { limitError } from './limit-error.ts'
import { foldOperation, selectedOnIntrospection } from './selection-fold.ts'
import type { SelectionFold } from './selection-fold.ts'

/**
 * The deepest field nesting of an operation, fragments followed: `{ a { b } }` is 2. Fields of
 * introspection's own types add nothing: graphql-js's MaxIntrospectionDepthRule (one of its
 * specified rules) bounds their nesting, and the standard introspection query is 15 deep.
 */
const DEPTH: SelectionFold = {
  field: (field, children) => (selectedOnIntrospection(field) ? 0 : 1) + children,
  combine: (values) => Math.max(0, ...values),
}

/** Refuses an operation nested deeper than `maxDepth` fields (QUERY_TOO_DEEP). */
export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const measured = foldOperation(context, operation, DEPTH)
      if (measured <= maxDepth) return
      context.reportError(
        limitError({
          code: 'QUERY_TOO_DEEP',
          message: `The query nests fields ${measured} deep; at most ${maxDepth} are accepted`,
          limit: maxDepth,
          measured,
          nodes: [operation],
        }),
      )
    },
  })
}
