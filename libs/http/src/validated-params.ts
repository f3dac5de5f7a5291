import type { Context } from 'koa'
import type { OperationInput } from '@cms/contract'
import { bodyProblems } from '@cms/contract/validation'
import { NotFoundError } from '@cms/errors'

/** The path parameters the router matched (strings). */
export const pathParamsOf = (ctx: Context): Readonly<Record<string, string>> =>
  (ctx as Context & { params?: Record<string, string> }).params ?? {}

/**
 * The check of an operation's path parameters by the shape the contract gives them; none for
 * an operation that declares none. A parameter that does not fit names nothing there: 404 with
 * the contract's `notFound`, each `{name}` in it the parameter's value.
 */
export function paramsReader(
  input: OperationInput | undefined,
): ((ctx: Context) => unknown) | undefined {
  const schema = input?.params
  if (!schema) return undefined
  const template = input.notFound ?? 'Not found'
  return function checkedParams(ctx) {
    const params = pathParamsOf(ctx)
    if (bodyProblems(schema, params).length === 0) return params
    throw new NotFoundError(template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? ''))
  }
}
