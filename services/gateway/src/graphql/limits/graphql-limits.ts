import { DEFAULT_PAGE_SIZE } from '@cms/pagination'
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

/** The limits the gateway's configuration sets; a list without `pageSize` counts as a page. */
export function configuredLimits(config: {
  GRAPHQL_MAX_QUERY_BYTES: number
  GRAPHQL_MAX_DEPTH: number
  GRAPHQL_MAX_COST: number
  GRAPHQL_INTROSPECTION: boolean
}): GraphqlLimits {
  return {
    maxQueryBytes: config.GRAPHQL_MAX_QUERY_BYTES,
    maxDepth: config.GRAPHQL_MAX_DEPTH,
    maxCost: config.GRAPHQL_MAX_COST,
    listSize: DEFAULT_PAGE_SIZE,
    introspection: config.GRAPHQL_INTROSPECTION,
  }
}
