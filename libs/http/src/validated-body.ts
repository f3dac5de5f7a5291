import type { Context } from 'koa'
import { isRawBody } from '@cms/contract'
import type { OperationInput } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'

const INVALID_BODY = 'The request body is invalid'

/**
 * The check of an operation's JSON body by its contract schema, with the service's own `check`
 * after it; none for an operation without a JSON body. A failure is one 422 with every problem
 * and the message the contract gives; a valid body is returned.
 */
export function bodyReader(
  input: OperationInput | undefined,
  check?: (body: unknown) => ErrorDetail[],
): ((ctx: Context) => unknown) | undefined {
  const schema = input?.body
  if (!schema || isRawBody(schema)) return undefined
  const message = input.invalid ?? INVALID_BODY
  return function checkedBody(ctx) {
    const body: unknown = ctx.request.body
    if (body === undefined && input.bodyRequired === false) return body
    const problems = [...bodyProblems(schema, body), ...(check?.(body) ?? [])]
    if (problems.length > 0) throw new ValidationError(message, problems)
    return body
  }
}
