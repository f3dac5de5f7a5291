import { GraphQLError } from 'graphql'
import type { ASTNode } from 'graphql'

export const LIMIT_CODES = [
  'QUERY_TOO_LARGE',
  'QUERY_TOO_DEEP',
  'QUERY_TOO_COMPLEX',
  'INTROSPECTION_DISABLED',
] as const
export type LimitCode = (typeof LIMIT_CODES)[number]

/** A refusal by one of the limits, naming the limit and what the request measured. */
export function limitError(options: {
  code: LimitCode
  message: string
  limit?: number
  measured?: number
  nodes?: readonly ASTNode[]
}): GraphQLError {
  const { code, message, limit, measured, nodes } = options
  return new GraphQLError(message, {
    ...(nodes && { nodes }),
    extensions: { code, ...(limit !== undefined && { limit, measured }) },
  })
}
