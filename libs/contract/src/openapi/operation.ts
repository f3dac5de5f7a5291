import type { TSchema } from '@sinclair/typebox'
import type { Permission } from '../permissions.ts'
import { COMPONENTS } from '../schemas/responses/common.ts'

/** The plain JSON of a TypeBox schema (its symbols dropped), as the document holds it. */
export const plain = (schema: TSchema | Record<string, unknown>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(schema)) as Record<string, unknown>

export const ref = (name: string) => ({ $ref: `${COMPONENTS}${name}` })

type Json = Record<string, unknown>

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  description?: string
  required?: boolean
  schema: Json
  style?: 'deepObject' | 'form' | 'simple'
  explode?: boolean
}

/**
 * Who may call it: a website's key; a platform operator (the admin token, or an operator's
 * session or personal token); a signed-in person (session or personal token); anyone.
 */
export type Access = 'key' | 'token' | 'person' | 'anyone'

export interface OperationSpec {
  summary: string
  description?: string
  tag: string
  access: Access
  /** What a key needs for it (docs/api.md, "Permissions"); absent: any key. */
  permission?: Permission
  parameters?: Parameter[]
  /** A JSON body's schema (or a `$ref`); `multipart` for an upload, `ndjson` for an import. */
  body?: Json
  bodyRequired?: boolean
  bodyMediaType?: string
  /** Success answers: status -> schema of the JSON body (null: no body). */
  ok: Record<number, Json | null | { mediaType: string; schema: Json }>
  /** Error statuses this operation answers beyond the ones every call may get. */
  errors?: number[]
  /** A 201's Location, a document's ETag. */
  headers?: Record<number, string[]>
}

const ERROR_MEANING: Record<number, string> = {
  304: 'Not modified (If-None-Match names the current ETag)',
  401: 'Missing, unknown or revoked credential',
  403: 'The key lacks the permission this needs (named in the message)',
  404: 'Not found, or not of this website',
  405: 'The path does not take this method',
  409: 'Conflict with the current state',
  410: 'No longer kept (a sync token older than the change log: sync again from scratch)',
  412: 'If-Match names another version',
  413: 'Body too large',
  415: 'Body of a type this does not take',
  422: 'Invalid body or query parameters (one detail per problem)',
  429: 'Rate limited (Retry-After)',
  500: 'Server error',
  503: 'A service behind the API is unavailable',
}

const errorResponseName = (status: number) => `Error${status}`

/** `components.responses`: one error answer per status, and `Error` for any other. */
export function errorResponses(): Json {
  const responses: Json = {
    Error: { description: 'Any other error', content: json(ref('Error')) },
  }
  for (const [status, description] of Object.entries(ERROR_MEANING)) {
    if (status === '304') continue
    responses[errorResponseName(Number(status))] = {
      description,
      ...(status === '429' && { headers: { 'Retry-After': HEADER_SCHEMAS['Retry-After'] } }),
      content: json(ref('Error')),
    }
  }
  return responses
}

/** Statuses any call may answer: who it is, the path, its input, the rate and the services. */
const ALWAYS = [401, 404, 422, 429, 503]

const HEADER_SCHEMAS: Record<string, { description: string; schema: Json }> = {
  Location: { description: 'Where the created resource is', schema: { type: 'string' } },
  ETag: { description: 'The version of the resource', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
}

const RATE_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
}

export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    description: "The key's requests per minute",
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'What is left of the minute and of the day, whichever is less',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'Seconds until the minute window resets',
    schema: { type: 'integer' },
  },
}

function responseHeaders(access: Access, names: readonly string[] = []): Json | undefined {
  const headers: Json = access === 'key' ? { ...RATE_HEADERS } : {}
  for (const name of names) headers[name] = HEADER_SCHEMAS[name]
  return Object.keys(headers).length > 0 ? headers : undefined
}

const json = (schema: Json) => ({ 'application/json': { schema } })

const SECURITY: Record<Access, Json[]> = {
  key: [{ apiKey: [] }, { bearerKey: [] }],
  token: [{ adminToken: [] }, { session: [] }, { personalToken: [] }],
  person: [{ session: [] }, { personalToken: [] }],
  anyone: [],
}

/** An OpenAPI operation object: its successes, and every error in the contract's one shape. */
export function operation(spec: OperationSpec, operationId: string): Json {
  const responses: Json = {}
  for (const [status, answer] of Object.entries(spec.ok)) {
    const headers = responseHeaders(spec.access, spec.headers?.[Number(status)])
    const content =
      answer === null
        ? undefined
        : 'mediaType' in answer
          ? { [answer.mediaType as string]: { schema: answer.schema } }
          : json(answer)
    responses[status] = {
      description: Number(status) === 204 ? 'Done, no body' : 'Success',
      ...(headers && { headers }),
      ...(content && { content }),
    }
  }
  const errors = new Set([...ALWAYS, ...(spec.permission ? [403] : []), ...(spec.errors ?? [])])
  for (const status of [...errors].sort()) {
    if (status === 304) {
      responses['304'] = { description: ERROR_MEANING[304] }
      continue
    }
    responses[String(status)] = { $ref: `#/components/responses/${errorResponseName(status)}` }
  }
  responses.default = { $ref: '#/components/responses/Error' }
  const mediaType = spec.bodyMediaType ?? 'application/json'
  return {
    operationId,
    summary: spec.summary,
    ...(spec.description && { description: spec.description }),
    tags: [spec.tag],
    security: SECURITY[spec.access],
    ...(spec.permission && { 'x-permission': spec.permission }),
    ...(spec.parameters && spec.parameters.length > 0 && { parameters: spec.parameters }),
    ...(spec.body && {
      requestBody: {
        required: spec.bodyRequired ?? true,
        content: { [mediaType]: { schema: spec.body } },
      },
    }),
    responses,
  }
}

/** `/api/content/:id` -> `/api/content/{id}`, the path parameters named. */
export function openApiPath(pattern: string): { path: string; names: string[] } {
  const names: string[] = []
  const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name)
    return `{${name}}`
  })
  return { path, names }
}

export interface RouteSpec extends OperationSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** The router's pattern, `:name` parameters. */
  pattern: string
  /** Descriptions of the path parameters. */
  pathParams?: Record<string, string>
}

/**
 * Both documents' server: the gateway they were read from. Their paths carry `/api` or
 * `/admin/api`, so the root of that origin is the base URL a generated client needs, whatever
 * host name or proxy the document was reached through.
 */
export const SERVERS = [{ url: '/', description: 'The gateway this document was read from' }]

/** What the document says of an operation beyond its method, path and access. */
export type RouteDoc = Omit<RouteSpec, 'method' | 'pattern' | 'access' | 'permission'>

/** A public operation as the document describes it. */
export type PublicRoute = RouteSpec & { access: 'key' }

/** A stable id: `get /api/content/:id/versions` -> `getContentByIdVersions`. */
function operationIdOf(route: RouteSpec): string {
  const words = route.pattern
    .replace(/^\/(admin\/)?api\//, '')
    .split(/[/.]/)
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `By${segment.slice(1, 2).toUpperCase()}${segment.slice(2)}`
        : segment,
    )
    .map((word) =>
      word
        .split(/[-_]/)
        .map((part) => part.slice(0, 1).toUpperCase() + part.slice(1))
        .join(''),
    )
  return `${route.method}${words.join('')}`
}

/** The `paths` object of a list of routes. */
export function pathsOf(routes: readonly RouteSpec[], idPrefix = ''): Json {
  const paths: Record<string, Json> = {}
  for (const route of routes) {
    const { path, names } = openApiPath(route.pattern)
    const pathParams: Parameter[] = names.map((name) => ({
      name,
      in: 'path',
      required: true,
      ...(route.pathParams?.[name] && { description: route.pathParams[name] }),
      schema: { type: 'string' },
    }))
    const spec = { ...route, parameters: [...pathParams, ...(route.parameters ?? [])] }
    const id = operationIdOf(route)
    paths[path] = {
      ...paths[path],
      [route.method]: operation(
        spec,
        idPrefix ? `${idPrefix}${id[0]!.toUpperCase()}${id.slice(1)}` : id,
      ),
    }
  }
  return paths
}
