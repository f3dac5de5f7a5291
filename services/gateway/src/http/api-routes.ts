import { matchPublicOperation, PUBLIC_OPERATIONS } from '@cms/contract'
import type { Operation, PublicOperationId, Upstream } from '@cms/contract'
import type { KeyScope } from '@cms/http'

export { UPSTREAMS } from '@cms/contract'
export type { Upstream } from '@cms/contract'

/** The route table as the gateway serves it, each path's methods with the scope they need. */
export const API_ROUTES: readonly { pattern: string; methods: Record<string, KeyScope> }[] = [
  ...Object.values<Operation>(PUBLIC_OPERATIONS)
    .reduce((byPath, operation) => {
      const methods = byPath.get(operation.path) ?? {}
      methods[operation.method] = operation.access
      return byPath.set(operation.path, methods)
    }, new Map<string, Record<string, KeyScope>>())
    .entries(),
].map(([pattern, methods]) => ({ pattern, methods }))

export type RouteMatch =
  | {
      kind: 'found'
      pattern: string
      scope: KeyScope
      upstream: Upstream
      id: PublicOperationId
      /** The contract's entry for the request: everything else the gateway decides comes from it. */
      operation: Operation
    }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: string[] }

/** The public operation a request addresses, as the contract's matcher finds it. */
export function matchApiRoute(method: string, path: string): RouteMatch {
  const match = matchPublicOperation(method, path)
  if (match.kind !== 'found') return match
  const { id, operation } = match
  return {
    kind: 'found',
    pattern: operation.path,
    scope: operation.access,
    upstream: operation.upstream,
    id,
    operation,
  }
}
