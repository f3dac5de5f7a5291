import type { Middleware } from 'koa'
import { authorize, matchPublicOperation } from '@cms/contract'
import { ForbiddenError } from '@cms/errors'
import { INTERNAL_HEADERS } from './internal-auth.ts'
import type { Caller } from './internal-auth.ts'

/**
 * The headers by which a call carries the authorization decision (`authorize` of
 * `@cms/contract`, made by the gateway, and by a service calling another on a website's
 * behalf): the public operation it was authorized as, and the draft grant. None when the path
 * is no public operation, or when the caller may not make it.
 */
export function authorizationHeaders(
  method: string,
  pathAndQuery: string,
  caller: Pick<Caller, 'scope'>,
): Record<string, string> {
  const [path = '', query = ''] = pathAndQuery.split('?', 2)
  const match = matchPublicOperation(method, path)
  if (match.kind !== 'found') return {}
  const decision = authorize(match.operation, caller.scope, new URLSearchParams(query))
  if (!decision.allowed) return {}
  return {
    [INTERNAL_HEADERS.operation]: match.id,
    ...(decision.draftAccess && { [INTERNAL_HEADERS.draftAccess]: 'granted' }),
  }
}

/**
 * A service serves a public operation only when the call was authorized as that very operation:
 * it asserts the decision it is told and never judges a scope itself, so the gateway and the
 * service cannot disagree on what a request may do or on which operation a path names.
 */
export function servesAuthorizedOperations(): Middleware {
  return async function servesAuthorizedOperationsMiddleware(ctx, next) {
    const match = matchPublicOperation(ctx.method, ctx.path)
    if (match.kind === 'found' && ctx.get(INTERNAL_HEADERS.operation) !== match.id)
      throw new ForbiddenError(`This call was not authorized as ${match.id}`)
    await next()
  }
}
