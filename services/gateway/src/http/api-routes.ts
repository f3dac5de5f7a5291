import { PUBLIC_OPERATIONS } from '@cms/contract'
import type { Operation, Upstream } from '@cms/contract'
import type { KeyScope } from '@cms/http'

export { UPSTREAMS } from '@cms/contract'
export type { Upstream } from '@cms/contract'

/** A path pattern and the operations it takes, by method. */
interface Route {
  pattern: string
  segments: string[]
  operations: Partial<Record<string, Operation>>
}

/** The public operations grouped by path, in the contract's order. */
function routesOf(operations: readonly Operation[]): Route[] {
  const byPattern = new Map<string, Route>()
  for (const operation of operations) {
    const route = byPattern.get(operation.path) ?? {
      pattern: operation.path,
      segments: operation.path.split('/'),
      operations: {},
    }
    route.operations[operation.method] = operation
    byPattern.set(operation.path, route)
  }
  return [...byPattern.values()]
}

const ROUTES = routesOf(Object.values(PUBLIC_OPERATIONS))

/** The route table as the gateway serves it, each method with the scope it needs. */
export const API_ROUTES: readonly { pattern: string; methods: Record<string, KeyScope> }[] =
  ROUTES.map((route) => ({
    pattern: route.pattern,
    methods: Object.fromEntries(
      Object.entries(route.operations).map(([method, operation]) => [method, operation!.access]),
    ),
  }))

export type RouteMatch =
  | {
      kind: 'found'
      pattern: string
      scope: KeyScope
      upstream: Upstream
      /** The contract's entry for the request: everything else the gateway decides comes from it. */
      operation: Operation
    }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: string[] }

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

function segmentsMatch(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length !== path.length) return false
  return pattern.every((part, i) => (part.startsWith(':') ? path[i] !== '' : part === path[i]))
}

/** HEAD is a GET without a body, so it is allowed wherever GET is, with the same scope. */
const operationFor = (route: Route, method: string): Operation | undefined =>
  route.operations[method === 'HEAD' ? 'GET' : method]

function allowedMethods(route: Route): string[] {
  const listed = Object.keys(route.operations)
  return listed.includes('GET') ? [...listed, 'HEAD'] : listed
}

/** The route a public request addresses; dot segments and empty segments never match. */
export function matchApiRoute(method: string, path: string): RouteMatch {
  const segments = path.split('/')
  if (segments.some((segment) => DOT_SEGMENT.test(segment))) return { kind: 'not-found' }
  const candidates = ROUTES.filter((route) => segmentsMatch(route.segments, segments))
  if (candidates.length === 0) return { kind: 'not-found' }
  for (const route of candidates) {
    const operation = operationFor(route, method)
    if (operation)
      return {
        kind: 'found',
        pattern: route.pattern,
        scope: operation.access,
        upstream: operation.upstream,
        operation,
      }
  }
  return {
    kind: 'method-not-allowed',
    allowed: [...new Set(candidates.flatMap(allowedMethods))],
  }
}

/**
 * Draft access needs admin. Any `draft` parameter other than `false` counts as asking for it
 * (also bracket forms such as `draft[0]`), so no spelling lets a read key through.
 */
export function asksForDrafts(query: URLSearchParams): boolean {
  for (const [name, value] of query) {
    if ((name === 'draft' || name.startsWith('draft[')) && value !== 'false') return true
  }
  return false
}

/** The scope a request needs: its route's, raised to admin when it asks for drafts. */
export function requiredScope(routeScope: KeyScope, query: URLSearchParams): KeyScope {
  return routeScope === 'read' && asksForDrafts(query) ? 'admin' : routeScope
}
