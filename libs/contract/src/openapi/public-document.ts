import type { ContentType } from '@cms/content-model'
import { componentSchemas } from './component-schemas.ts'
import { byType, contentTypeSchemas } from './data-schemas.ts'
import { errorResponses, pathsOf, plain, RATE_LIMIT_HEADERS, SERVERS } from './operation.ts'
import { PUBLIC_COMPONENTS } from './public-components.ts'
import { PUBLIC_ROUTES } from './public-routes.ts'
import type { PublicRoute } from './operation.ts'

type Json = Record<string, unknown>

export const OPENAPI_VERSION = '3.1.0'
/** The API's own version, shown in `info.version`. */
export const API_VERSION = '1.0.0'

export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'An API key of the website',
  },
  bearerKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'The same API key as `Authorization: Bearer <key>`',
  },
}

export interface PublicDocumentInput {
  /**
   * The website's content types, their component fields resolved (`fields`, `blocks`); without
   * them `data` is any object.
   */
  types?: readonly ContentType[]
  /** The website's locale codes (for `locale=*` forms). */
  locales?: readonly string[]
  /** The website's name or id, for the title. */
  website?: string
  /** The operations to describe (default: every public operation, in the contract's order). */
  routes?: readonly PublicRoute[]
}

/**
 * The OpenAPI 3.1 document of the public API for one website: every route with its parameters,
 * bodies, answers and errors, and per content type the schema of its documents' `data`.
 */
export function buildPublicDocument(input: PublicDocumentInput = {}): Json {
  const types = [...(input.types ?? [])].sort((a, b) => a.name.localeCompare(b.name))
  const locales = input.locales ?? ['en']
  const routes = input.routes ?? PUBLIC_ROUTES
  const schemas: Record<string, Json> = Object.fromEntries(
    Object.entries(PUBLIC_COMPONENTS).map(([name, schema]) => [name, plain(schema as Json)]),
  )
  if (types.length > 0) {
    const shown = new Set(types.map((type) => type.name))
    for (const type of types) Object.assign(schemas, contentTypeSchemas(type, locales, shown))
    Object.assign(schemas, componentSchemas(types, shown))
    // Documents of this website are one of its types'; a create names its type.
    schemas.Document = {
      description: 'A document of one of the content types',
      ...byType(types, 'Document'),
    }
    schemas.ContentCreateBody = {
      description: "A new document: its type, that type's data and optionally a slug",
      ...byType(types, 'Create'),
    }
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: input.website ? `Content API: ${input.website}` : 'Content API',
      version: API_VERSION,
      description:
        'The public API of one website: content types, documents, media, locales and webhooks. Every error answer has the shape `{error: {code, message, details?}}`.',
    },
    servers: SERVERS,
    security: [{ apiKey: [] }, { bearerKey: [] }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths: pathsOf(routes),
    components: {
      schemas,
      headers: RATE_LIMIT_HEADERS,
      responses: errorResponses(),
      securitySchemes: SECURITY_SCHEMES,
    },
  }
}
