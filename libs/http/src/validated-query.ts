import type { Context } from 'koa'
import type { OperationInput } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import { ValidationError } from '@cms/errors'
import { parseQueryString } from './query-string.ts'

const INVALID_QUERY = 'Invalid query parameters'

/**
 * The check of an operation's query by its contract schema, on the query as `qs` parses it
 * (within the contract's limits); none for an operation without one. A failure is one 422 with
 * every problem, under the contract's message or, when there is one problem, its own.
 */
export function queryReader(
  input: OperationInput | undefined,
): ((ctx: Context) => unknown) | undefined {
  const schema = input?.query
  if (!schema) return undefined
  return function checkedQuery(ctx) {
    const query = parseQueryString(ctx.querystring)
    const problems = bodyProblems(schema, query)
    if (problems.length === 0) return query
    const lone = problems.length === 1 ? problems[0]!.message : INVALID_QUERY
    throw new ValidationError(input.queryInvalid ?? lone, problems)
  }
}
