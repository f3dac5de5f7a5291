import type { Operation } from './operation.ts'

export type OperationMatch<Id extends string> =
  | {
      kind: 'found'
      id: Id
      operation: Operation
      /** The path's parameters by the pattern's names, decoded. */
      params: Record<string, string>
    }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: string[] }

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

interface Route<Id extends string> {
  segments: string[]
  byMethod: Map<string, { id: Id; operation: Operation }>
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function paramsOf(pattern: readonly string[], path: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {}
  pattern.forEach((part, i) => {
    if (part.startsWith(':')) params[part.slice(1)] = decoded(path[i]!)
  })
  return params
}

function segmentsMatch(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length !== path.length) return false
  return pattern.every((part, i) => (part.startsWith(':') ? path[i] !== '' : part === path[i]))
}

/** HEAD is a GET without a body, so it is allowed wherever GET is. */
function allowedMethods(route: Route<string>): string[] {
  const listed = [...route.byMethod.keys()]
  return listed.includes('GET') ? [...listed, 'HEAD'] : listed
}

/**
 * Finds the operation a request addresses, the same way wherever it is asked (the gateway
 * before it authorizes, a service before it serves): patterns in the table's order, dot
 * segments and empty segments never matching, HEAD as GET.
 */
export function operationMatcher<Id extends string>(
  operations: Readonly<Record<Id, Operation>>,
): (method: string, path: string) => OperationMatch<Id> {
  const routes = new Map<string, Route<Id>>()
  for (const [id, operation] of Object.entries(operations) as [Id, Operation][]) {
    const route = routes.get(operation.path) ?? {
      segments: operation.path.split('/'),
      byMethod: new Map(),
    }
    route.byMethod.set(operation.method, { id, operation })
    routes.set(operation.path, route)
  }
  const table = [...routes.values()]
  return (method, path) => {
    const segments = path.split('/')
    if (segments.some((segment) => DOT_SEGMENT.test(segment))) return { kind: 'not-found' }
    const candidates = table.filter((route) => segmentsMatch(route.segments, segments))
    if (candidates.length === 0) return { kind: 'not-found' }
    for (const route of candidates) {
      const found = route.byMethod.get(method === 'HEAD' ? 'GET' : method)
      if (found) return { kind: 'found', ...found, params: paramsOf(route.segments, segments) }
    }
    return {
      kind: 'method-not-allowed',
      allowed: [...new Set(candidates.flatMap(allowedMethods))],
    }
  }
}
