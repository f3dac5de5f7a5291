import { matchPublicOperation, PUBLIC_OPERATIONS } from '@cms/contract'
import type { Operation, PublicOperationId, Server } from '@cms/contract'

export { UPSTREAMS } from '@cms/contract'
export type { Upstream } from '@cms/contract'

/** The route table as the gateway serves it, each path's methods with the operation they are. */
export const API_ROUTES: readonly { pattern: string; methods: Record<string, string> }[] = [
  ...Object.entries<Operation>(PUBLIC_OPERATIONS)
    .reduce((byPath, [id, operation]) => {
      const methods = byPath.get(operation.path) ?? {}
      methods[operation.method] = id
      return byPath.set(operation.path, methods)
    }, new Map<string, Record<string, string>>())
    .entries(),
].map(([pattern, methods]) => ({ pattern, methods }))

export type RouteMatch =
  | {
      kind: 'found'
      pattern: string
      upstream: Server
      id: PublicOperationId
      /** The contract's entry for the request: everything else the gateway decides comes from it. */
      operation: Operation
      /** The path's parameters, decoded. */
      params: Record<string, string>
    }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: string[] }

/** The public operation a request addresses, as the contract's matcher finds it. */
export function matchApiRoute(method: string, path: string): RouteMatch {
  const match = matchPublicOperation(method, path)
  if (match.kind !== 'found') return match
  const { id, operation, params } = match
  return {
    kind: 'found',
    pattern: operation.path,
    upstream: operation.upstream,
    id,
    operation,
    params,
  }
}
