import type { Middleware } from 'koa'
import { authorize, matchPublicOperation } from '@cms/contract'
import { ForbiddenError } from '@cms/errors'
import type { TypeList } from '@cms/contract'
import { INTERNAL_HEADERS, typesHeader } from './internal-auth.ts'
import type { Caller } from './internal-auth.ts'

/** What the authorization decision granted a call: the operation, draft access, the types. */
export interface Grant {
  operationId: string
  draftAccess: boolean
  types: TypeList
}

/** The headers by which a call carries its grant to the service. */
export const grantHeaders = (grant: Grant): Record<string, string> => ({
  [INTERNAL_HEADERS.operation]: grant.operationId,
  ...(grant.draftAccess && { [INTERNAL_HEADERS.draftAccess]: 'granted' }),
  [INTERNAL_HEADERS.types]: typesHeader(grant.types),
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
  caller: Pick<Caller, 'permissions'>,
): Grant | undefined {
  const [path = '', query = ''] = pathAndQuery.split('?', 2)
  const match = matchPublicOperation(method, path)
  if (match.kind !== 'found') return undefined
  const decision = authorize(match.operation, caller.permissions, {
    query: new URLSearchParams(query),
    params: match.params,
  })
  if (!decision.allowed) return undefined
  return { operationId: match.id, draftAccess: decision.draftAccess, types: decision.types }
}

/** `grantHeaders` of `grantOf`: none when nothing is granted. */
export function authorizationHeaders(
  method: string,
  pathAndQuery: string,
  caller: Pick<Caller, 'permissions'>,
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
