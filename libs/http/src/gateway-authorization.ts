import type { Middleware } from 'koa'
import { authorize, matchPublicOperation } from '@cms/contract'
import { ForbiddenError } from '@cms/errors'
import { INTERNAL_HEADERS } from './internal-auth.ts'
import type { Caller } from './internal-auth.ts'

/** What the authorization decision granted a call: the operation, and draft access. */
export interface Grant {
  operationId: string
  draftAccess: boolean
}

/** The headers by which a call carries its grant to the service. */
export const grantHeaders = (grant: Grant): Record<string, string> => ({
  [INTERNAL_HEADERS.operation]: grant.operationId,
  ...(grant.draftAccess && { [INTERNAL_HEADERS.draftAccess]: 'granted' }),
})

/**
 * The grant of a call to `pathAndQuery` as `caller` (`authorize` of `@cms/contract`), for
 * callers that have not decided it already: the gateway's admin views and a service calling
 * another's public route on a website's behalf. Undefined when the path is no public operation
 * or the caller may not make it.
 */
export function grantOf(
  method: string,
  pathAndQuery: string,
  caller: Pick<Caller, 'scope'>,
): Grant | undefined {
  const [path = '', query = ''] = pathAndQuery.split('?', 2)
  const match = matchPublicOperation(method, path)
  if (match.kind !== 'found') return undefined
  const decision = authorize(match.operation, caller.scope, new URLSearchParams(query))
  return decision.allowed ? { operationId: match.id, draftAccess: decision.draftAccess } : undefined
}

/** `grantHeaders` of `grantOf`: none when nothing is granted. */
export function authorizationHeaders(
  method: string,
  pathAndQuery: string,
  caller: Pick<Caller, 'scope'>,
): Record<string, string> {
  const grant = grantOf(method, pathAndQuery, caller)
  return grant ? grantHeaders(grant) : {}
}

/**
 * The route of a public operation serves only a call authorized as that very operation: the
 * service asserts the decision it is told and never judges a scope itself, so the gateway and
 * the service cannot disagree on what a request may do or on which operation a path names.
 * `mountOperations` puts it in front of every public handler.
 */
export function authorizedAs(operationId: string): Middleware {
  return async function authorizedAsMiddleware(ctx, next) {
    if (ctx.get(INTERNAL_HEADERS.operation) !== operationId)
      throw new ForbiddenError(`This call was not authorized as ${operationId}`)
    await next()
  }
}
