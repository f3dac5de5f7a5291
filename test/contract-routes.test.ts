import type { Router } from '@koa/router'
import { describe, expect, it } from 'vitest'
import { ADMIN_OPERATIONS, PUBLIC_OPERATIONS } from '@cms/contract'
import type { Operation, Server } from '@cms/contract'
import { contentRoutes } from '../services/content/src/http/content-routes.ts'
import { scheduleRoutes } from '../services/content/src/http/schedule-routes.ts'
import { mediaRoutes, mediaUploadRoute } from '../services/content/src/media/media-routes.ts'
import { adminRouter } from '../services/gateway/src/http/admin-routes.ts'
import { contentTypeRoutes } from '../services/schema/src/http/content-type-routes.ts'
import { componentRoutes } from '../services/schema/src/http/component-routes.ts'
import { localeRoutes } from '../services/schema/src/http/locale-routes.ts'
import { openApiRoutes } from '../services/schema/src/http/openapi-routes.ts'
import { webhookRoutes } from '../services/webhook/src/http/webhook-routes.ts'
import { websiteAccessRouter } from '../services/gateway/src/http/website-access-routes.ts'
import { syncRoute } from '../services/content/src/sync/sync-route.ts'
import { releaseRoutes } from '../services/content/src/releases/release-routes.ts'
import { bulkRoutes } from '../services/content/src/bulk/bulk-routes.ts'
import { changesRouter } from '../services/gateway/src/changes/changes-routes.ts'
import { graphqlRouter } from '../services/gateway/src/graphql/graphql-routes.ts'

// The routers are built only to read their routes; no handler runs, so no use case is needed.
const none = {} as never

/** Each public route a router mounts: the operation it names, its methods and its path. */
const mounted = (router: Router) =>
  router.stack.map((layer) => ({
    id: String(layer.name),
    methods: layer.methods.filter((method) => method !== 'HEAD'),
    path: String(layer.path),
  }))

/** What each running instance mounts, built exactly as each service's main builds it. */
const INSTANCES: Record<Server, Router[]> = {
  contentRead: [
    contentRoutes(none, { writes: false }),
    scheduleRoutes(none, { writes: false }),
    mediaRoutes(none, { writes: false }),
    syncRoute(none),
    releaseRoutes(none, { writes: false }),
  ],
  contentWrite: [
    contentRoutes(none, { writes: true }),
    scheduleRoutes(none, { writes: true }),
    mediaRoutes(none, { writes: true }),
    (mediaUploadRoute(none) as unknown as { router: Router }).router,
    syncRoute(none),
    releaseRoutes(none, { writes: true }),
    bulkRoutes(none),
  ],
  schema: [
    contentTypeRoutes(none, none),
    componentRoutes(none, none, none),
    localeRoutes(none, none),
    openApiRoutes(none, none, none),
  ],
  webhook: [webhookRoutes(none)],
  gateway: [websiteAccessRouter(none), changesRouter(none), graphqlRouter(none)],
}

const operations = Object.entries(PUBLIC_OPERATIONS) as [string, Operation][]

describe('the services mount the contract', () => {
  it('when the routes of every instance are read, then each names a contract operation under its method and path', () => {
    for (const routers of Object.values(INSTANCES))
      for (const route of routers.flatMap(mounted)) {
        const operation = PUBLIC_OPERATIONS[route.id as keyof typeof PUBLIC_OPERATIONS]
        expect(operation, route.id).toBeDefined()
        expect(route).toEqual({ id: route.id, methods: [operation.method], path: operation.path })
      }
  })

  it('when each upstream is asked for the operations the gateway sends it, then it serves every one of them exactly once', () => {
    for (const [upstream, routers] of Object.entries(INSTANCES)) {
      const served = routers.flatMap(mounted).map((route) => route.id)
      const sent = operations.filter(([, op]) => op.upstream === upstream).map(([id]) => id)
      expect(sent.length, upstream).toBeGreaterThan(0)
      for (const id of sent)
        expect(
          served.filter((name) => name === id),
          id,
        ).toHaveLength(1)
    }
    // The read pool serves reads only; everything else there is the write pool's.
    const readPool = INSTANCES.contentRead.flatMap(mounted)
    expect(readPool.every((route) => route.methods.every((method) => method === 'GET'))).toBe(true)
  })

  it('when the operations are counted, then every one of them is served by some instance', () => {
    const served = new Set(
      Object.values(INSTANCES)
        .flat()
        .flatMap(mounted)
        .map((r) => r.id),
    )
    expect(operations.map(([id]) => id).filter((id) => !served.has(id))).toEqual([])
  })

  it("when the gateway's admin router is read, then it serves every admin operation once, under its method and path", () => {
    const routes = mounted(adminRouter(none))
    expect(routes.map((route) => route.id)).toEqual(Object.keys(ADMIN_OPERATIONS))
    for (const route of routes) {
      const operation = ADMIN_OPERATIONS[route.id as keyof typeof ADMIN_OPERATIONS]
      expect(route).toEqual({ id: route.id, methods: [operation.method], path: operation.path })
    }
  })
})
