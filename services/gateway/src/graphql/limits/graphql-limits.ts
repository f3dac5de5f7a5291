import type { ValidationRule } from 'graphql'
import { costLimitRule } from './cost-rule.ts'
import { depthLimitRule } from './depth-rule.ts'
import { noIntrospectionRule } from './introspection-rule.ts'

/** The GraphQL endpoint's limits, from the gateway's configuration (docs/graphql.md, "Limits"). */
export interface GraphqlLimits {
  maxQueryBytes: number
  maxDepth: number
  maxCost: number
  /** Items a list without `pageSize` is counted as. */
  listSize: number
  introspection: boolean
}

/** The validation rules that hold the limits for one request (its variables set page sizes). */
export function limitRules(
  limits: GraphqlLimits,
  variables: Readonly<Record<string, unknown>> = {},
): ValidationRule[] {
  return [
    depthLimitRule(limits.maxDepth),
    costLimitRule({ maxCost: limits.maxCost, listSize: limits.listSize }, variables),
    ...(limits.introspection ? [] : [noIntrospectionRule]),
  ]
}
