import type { Middleware } from 'koa'
import type { OperationInput } from '@cms/contract'
import type { ErrorDetail } from '@cms/errors'
import { bodyReader } from './validated-body.ts'
import { paramsReader, pathParamsOf } from './validated-params.ts'
import { queryReader } from './validated-query.ts'

/**
 * What an operation's handler is given, checked against its contract input in the order the
 * services always refused it: the body (422), the query (422), then the path (404). Nothing for
 * an operation that declares none of them; with `later`, the body and query are left to the
 * handler (neither parsed nor checked).
 */
export function validatedInput(
  input: OperationInput | undefined,
  options: { bodyCheck?: (body: unknown) => ErrorDetail[]; later?: boolean } = {},
): { middleware: Middleware; readsBody: boolean } | undefined {
  const body = options.later ? undefined : bodyReader(input, options.bodyCheck)
  const query = options.later ? undefined : queryReader(input)
  const params = paramsReader(input)
  if (!body && !query && !params) return undefined
  return {
    readsBody: body !== undefined,
    middleware: async function validatedInputMiddleware(ctx, next) {
      ctx.state.input = {
        body: body?.(ctx),
        query: query?.(ctx) ?? {},
        params: params?.(ctx) ?? pathParamsOf(ctx),
      }
      return next()
    },
  }
}

declare module 'koa' {
  interface DefaultState {
    /** The input `validatedInput` checked; typed per operation by `EndpointHandler`. */
    input?: { body: unknown; query: unknown; params: unknown }
  }
}
