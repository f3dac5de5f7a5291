import {
  getNamedType,
  getNullableType,
  isInputType,
  isInterfaceType,
  isListType,
  isObjectType,
  typeFromAST,
  valueFromAST,
} from 'graphql'
import type {
  GraphQLNamedType,
  GraphQLSchema,
  OperationDefinitionNode,
  ValidationContext,
  ValidationRule,
} from 'graphql'
import { limitError } from './limit-error.ts'
import { foldOperation, selectedOnIntrospection } from './selection-fold.ts'
import type { SelectedField } from './selection-fold.ts'

export const PAGE_SIZE_ARGUMENT = 'pageSize'

export interface CostLimit {
  maxCost: number
  /** Items a list is counted as when no `pageSize` says (the REST API's default page size). */
  listSize: number
}

const pageTypesOf = new WeakMap<GraphQLSchema, ReadonlySet<GraphQLNamedType>>()

/**
 * The types a paged field answers with (a page of documents and its counts): their list fields
 * are the page's items, already counted by the paged field's `pageSize`.
 */
function pageTypes(schema: GraphQLSchema): ReadonlySet<GraphQLNamedType> {
  const known = pageTypesOf.get(schema)
  if (known) return known
  const found = new Set<GraphQLNamedType>()
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) && !isInterfaceType(type)) continue
    for (const field of Object.values(type.getFields())) {
      const paged = field.args.some((arg) => arg.name === PAGE_SIZE_ARGUMENT)
      if (paged && !isListType(getNullableType(field.type))) found.add(getNamedType(field.type))
    }
  }
  pageTypesOf.set(schema, found)
  return found
}

/** The operation's variables as execution sees them: what was sent over the defaults declared. */
function variablesOf(
  context: ValidationContext,
  operation: OperationDefinitionNode,
  sent: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value
    const type = typeFromAST(context.getSchema(), definition.type)
    if (definition.defaultValue && isInputType(type))
      values[name] = valueFromAST(definition.defaultValue, type)
  }
  return { ...values, ...sent }
}

function multiplier(
  field: SelectedField,
  limit: CostLimit,
  schema: GraphQLSchema,
  variables: Record<string, unknown>,
): number {
  const { definition, node, parentType } = field
  if (!definition) return 1
  const pageSize = definition.args.find((arg) => arg.name === PAGE_SIZE_ARGUMENT)
  if (pageSize) {
    const given = node.arguments?.find((arg) => arg.name.value === PAGE_SIZE_ARGUMENT)
    const value = given ? valueFromAST(given.value, pageSize.type, variables) : undefined
    const size = Number(value ?? pageSize.defaultValue ?? limit.listSize)
    return Number.isFinite(size) && size > 1 ? Math.ceil(size) : 1
  }
  // Introspection answers from memory: only the switch and the depth limit govern it.
  if (selectedOnIntrospection(field)) return 1
  if (!isListType(getNullableType(definition.type))) return 1
  return parentType && pageTypes(schema).has(parentType) ? 1 : limit.listSize
}

/**
 * Refuses an operation whose cost passes `maxCost` (QUERY_TOO_COMPLEX): each field costs 1 plus
 * its selection, times its `pageSize` for a paged field, or times `listSize` for any other list.
 */
export function costLimitRule(
  limit: CostLimit,
  sentVariables: Readonly<Record<string, unknown>> = {},
): ValidationRule {
  return (context) => ({
    OperationDefinition(operation) {
      const schema = context.getSchema()
      const variables = variablesOf(context, operation, sentVariables)
      const measured = foldOperation(context, operation, {
        field: (field, children) => (1 + children) * multiplier(field, limit, schema, variables),
        combine: (values) => values.reduce((sum, value) => sum + value, 0),
      })
      if (measured <= limit.maxCost) return
      context.reportError(
        limitError({
          code: 'QUERY_TOO_COMPLEX',
          message: `The query costs ${measured}; at most ${limit.maxCost} is accepted (each field 1, times the page size or ${limit.listSize} for a list)`,
          limit: limit.maxCost,
          measured,
          nodes: [operation],
        }),
      )
    },
  })
}
