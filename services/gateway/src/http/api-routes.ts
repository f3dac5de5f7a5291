import { PUBLIC_ROUTES } from '@cms/api-schema'
import type { PublicOperation, Upstream } from '@cms/api-schema'
import type { KeyScope } from '@cms/http'

export { UPSTREAMS } from '@cms/api-schema'
export type { Upstream } from '@cms/api-schema'

type Method = Uppercase<PublicOperation['method']>

/** A path pattern and the operations it takes, by method. */
interface Route {
  pattern: string
  segments: string[]
  operations: Partial<Record<string, PublicOperation>>
}

/** The public operations grouped by path, in the contract's order. */
function routesOf(operations: readonly PublicOperation[]): Route[] {
  const byPattern = new Map<string, Route>()
  for (const operation of operations) {
    const route = byPattern.get(operation.pattern) ?? {
      pattern: operation.pattern,
      segments: operation.pattern.split('/'),
      operations: {},
    }
    route.operations[operation.method.toUpperCase() as Method] = operation
    byPattern.set(operation.pattern, route)
  }
  return [...byPattern.values()]
}

const ROUTES = routesOf(PUBLIC_ROUTES)

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
      operation: PublicOperation
    }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: string[] }

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

function segmentsMatch(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length !== path.length) return false
  return pattern.every((part, i) => (part.startsWith(':') ? path[i] !== '' : part === path[i]))
}

/** HEAD is a GET without a body, so it is allowed wherever GET is, with the same scope. */
const operationFor = (route: Route, method: string): PublicOperation | undefined =>
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
