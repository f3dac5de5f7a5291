import type { Router } from '@koa/router'
import { describe, expect, it } from 'vitest'
import { Validator } from '@seriousme/openapi-schema-validator'
import { buildAdminDocument, buildPublicDocument } from '@cms/contract/openapi'
import { contentRoutes } from '../services/content/src/http/content-routes.ts'
import { scheduleRoutes } from '../services/content/src/http/schedule-routes.ts'
import { mediaRoutes } from '../services/content/src/media/media-routes.ts'
import { API_ROUTES } from '../services/gateway/src/http/api-routes.ts'
import { adminRouter } from '../services/gateway/src/http/admin-routes.ts'
import { accountRouter } from '../services/gateway/src/people/account-routes.ts'
import { contentTypeRoutes } from '../services/schema/src/http/content-type-routes.ts'
import { componentRoutes } from '../services/schema/src/http/component-routes.ts'
import { localeRoutes } from '../services/schema/src/http/locale-routes.ts'
import { openApiRoutes } from '../services/schema/src/http/openapi-routes.ts'
import { webhookRoutes } from '../services/webhook/src/http/webhook-routes.ts'
import { everyFieldKind } from './openapi-kit.ts'

type Json = Record<string, any>

/** `/api/content/:id` and `/api/content/{id}` both as `/api/content/{}`. */
const shapeOf = (path: string) =>
  path
    .replace(/:[A-Za-z]+/g, '{}')
    .replace(/\{[A-Za-z]+\}/g, '{}')
    .replace(/(.)\/$/, '$1')

/** Every `METHOD shape` a document describes. */
function described(document: Json): Set<string> {
  const operations = new Set<string>()
  for (const [path, item] of Object.entries(document.paths as Json))
    for (const method of Object.keys(item))
      operations.add(`${method.toUpperCase()} ${shapeOf(path)}`)
  return operations
}

/** What a koa router registers, HEAD left out (it is GET's). */
function registered(router: Router): string[] {
  return router.stack.flatMap((layer) =>
    layer.methods
      .filter((method) => method !== 'HEAD')
      .map((method) => `${method} ${shapeOf(String(layer.path))}`),
  )
}

// The routers are built only to read their routes; no handler runs, so no use case is needed.
const none = {} as never

describe('openapi documents', () => {
  it('openapi: the document validates — when the public document (with and without content types) and the admin document are built, then an OpenAPI 3.1 validator accepts each', async () => {
    const validator = new Validator()
    for (const document of [
      buildPublicDocument(),
      buildPublicDocument({ types: everyFieldKind(), locales: ['en', 'fr'] }),
      buildAdminDocument(),
    ]) {
      const result = await validator.validate(document)
      expect(result.errors ?? []).toEqual([])
      expect(result.valid).toBe(true)
      expect(document.openapi).toBe('3.1.0')
    }
  })

  it("openapi: every route is described — when the gateway's route table and every service router are read, then each method and path they serve is in the public or the admin document", () => {
    const publicOps = described(buildPublicDocument())
    const adminOps = described(buildAdminDocument())
    const gateway = API_ROUTES.flatMap((route) =>
      Object.keys(route.methods).map((method) => `${method} ${shapeOf(route.pattern)}`),
    )
    const services = [
      contentRoutes(none, { writes: true }),
      scheduleRoutes(none, { writes: true }),
      mediaRoutes(none, { writes: true }),
      contentTypeRoutes(none, none),
      componentRoutes(none, none, none),
      localeRoutes(none, none),
      openApiRoutes(none, none, none),
      webhookRoutes(none),
    ].flatMap(registered)
    const admin = [...registered(adminRouter(none)), ...registered(accountRouter(none))]
    expect(gateway.length).toBeGreaterThan(30)
    expect(admin.length).toBeGreaterThan(20)
    expect(gateway.filter((operation) => !publicOps.has(operation))).toEqual([])
    // A service's public route is one the gateway routes (else no client could reach it).
    expect(services.filter((operation) => !gateway.includes(operation))).toEqual([])
    expect(admin.filter((operation) => !adminOps.has(operation))).toEqual([])
    // And the documents describe nothing that is not served.
    expect([...publicOps].filter((operation) => !gateway.includes(operation))).toEqual([])
    expect([...adminOps].filter((operation) => !admin.includes(operation))).toEqual([])
  })
})
