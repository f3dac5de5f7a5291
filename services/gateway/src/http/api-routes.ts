import type { KeyScope } from '@cms/http'

export const UPSTREAMS = ['contentRead', 'contentWrite', 'schema', 'webhook'] as const
export type Upstream = (typeof UPSTREAMS)[number]

type Service = 'content' | 'schema' | 'webhook'
type Scopes = Readonly<Partial<Record<string, KeyScope>>>

interface RouteSpec {
  pattern: string
  service: Service
  /** The scope each method needs; a method not listed is 405. */
  methods: Scopes
}

/** Every public route: what the `read` scope may do is listed as read, all else needs admin. */
const ROUTES: readonly RouteSpec[] = [
  { pattern: '/api/content', service: 'content', methods: { GET: 'read', POST: 'admin' } },
  { pattern: '/api/content/by-slug/:type/:slug', service: 'content', methods: { GET: 'read' } },
  {
    pattern: '/api/content/:id',
    service: 'content',
    methods: { GET: 'read', PATCH: 'admin', DELETE: 'admin' },
  },
  { pattern: '/api/content/:id/versions', service: 'content', methods: { GET: 'admin' } },
  { pattern: '/api/content/:id/referenced-by', service: 'content', methods: { GET: 'admin' } },
  { pattern: '/api/content/:id/draft', service: 'content', methods: { DELETE: 'admin' } },
  {
    pattern: '/api/content/:id/schedule',
    service: 'content',
    methods: { GET: 'admin', POST: 'admin' },
  },
  {
    pattern: '/api/content/:id/schedule/:scheduleId',
    service: 'content',
    methods: { DELETE: 'admin' },
  },
  { pattern: '/api/content/:id/publish', service: 'content', methods: { POST: 'admin' } },
  { pattern: '/api/content/:id/unpublish', service: 'content', methods: { POST: 'admin' } },
  {
    pattern: '/api/content/:id/restore/:versionId',
    service: 'content',
    methods: { POST: 'admin' },
  },
  { pattern: '/api/media', service: 'content', methods: { GET: 'read', POST: 'admin' } },
  {
    pattern: '/api/media/:id',
    service: 'content',
    methods: { GET: 'read', PATCH: 'admin', DELETE: 'admin' },
  },
  { pattern: '/api/content-types', service: 'schema', methods: { GET: 'read', POST: 'admin' } },
  {
    pattern: '/api/content-types/:name',
    service: 'schema',
    methods: { GET: 'read', PATCH: 'admin', DELETE: 'admin' },
  },
  { pattern: '/api/locales', service: 'schema', methods: { GET: 'read', PUT: 'admin' } },
  { pattern: '/api/openapi.json', service: 'schema', methods: { GET: 'read' } },
  { pattern: '/api/webhooks', service: 'webhook', methods: { GET: 'admin', POST: 'admin' } },
  {
    pattern: '/api/webhooks/:id',
    service: 'webhook',
    methods: { GET: 'admin', PATCH: 'admin', DELETE: 'admin' },
  },
  { pattern: '/api/webhooks/:id/test', service: 'webhook', methods: { POST: 'admin' } },
  { pattern: '/api/webhooks/:id/deliveries', service: 'webhook', methods: { GET: 'admin' } },
  {
    pattern: '/api/webhooks/:id/deliveries/:deliveryId',
    service: 'webhook',
    methods: { GET: 'admin' },
  },
  {
    pattern: '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    service: 'webhook',
    methods: { POST: 'admin' },
  },
]

/** The route table, for the OpenAPI tests (every public route must be in the document). */
export const API_ROUTES: readonly Pick<RouteSpec, 'pattern' | 'methods'>[] = ROUTES

export type RouteMatch =
  | { kind: 'found'; pattern: string; scope: KeyScope; upstream: Upstream }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: string[] }

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

function segmentsMatch(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length !== path.length) return false
  return pattern.every((part, i) => (part.startsWith(':') ? path[i] !== '' : part === path[i]))
}

const COMPILED = ROUTES.map((route) => ({ ...route, segments: route.pattern.split('/') }))

function upstreamOf(service: Service, method: string): Upstream {
  if (service !== 'content') return service
  return method === 'GET' || method === 'HEAD' ? 'contentRead' : 'contentWrite'
}

/** HEAD is a GET without a body, so it is allowed wherever GET is, with the same scope. */
function scopeFor(methods: Scopes, method: string): KeyScope | undefined {
  return methods[method === 'HEAD' ? 'GET' : method]
}

function allowedMethods(methods: Scopes): string[] {
  const listed = Object.keys(methods)
  return listed.includes('GET') ? [...listed, 'HEAD'] : listed
}

/** The route a public request addresses; dot segments and empty segments never match. */
export function matchApiRoute(method: string, path: string): RouteMatch {
  const segments = path.split('/')
  if (segments.some((segment) => DOT_SEGMENT.test(segment))) return { kind: 'not-found' }
  const candidates = COMPILED.filter((route) => segmentsMatch(route.segments, segments))
  if (candidates.length === 0) return { kind: 'not-found' }
  for (const route of candidates) {
    const scope = scopeFor(route.methods, method)
    if (scope)
      return {
        kind: 'found',
        pattern: route.pattern,
        scope,
        upstream: upstreamOf(route.service, method),
      }
  }
  return {
    kind: 'method-not-allowed',
    allowed: [...new Set(candidates.flatMap((route) => allowedMethods(route.methods)))],
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
