import type { Db } from 'mongodb'
import type { Logger } from '@cms/logger'
import { routed } from '@cms/http'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { ContentService } from '../domain/content-service.ts'
import type { ContentTypeCatalog } from '../domain/content-types.ts'
import type { DocumentStore } from '../document/document-store.ts'
import type { EventPublisher } from '../store/outbox-relay.ts'
import type { Sync } from '../sync/sync-documents.ts'
import { createReadFence } from './read-fence.ts'
import { createReleaseApplier } from './release-applier.ts'
import { checkRelease } from './release-check.ts'
import { createReleaseEvents } from './release-events.ts'
import { releaseRoutes } from './release-routes.ts'
import { createReleaseRunner } from './release-runner.ts'
import { createReleases } from './releases.ts'
import { releasesCollection } from './releases-collection.ts'
import { visibilityMarkers } from './visibility-marker.ts'

/** How long an apply's claim holds before another instance resumes it (renewed meanwhile). */
const APPLY_LEASE_MS = 15_000

/** Releases (docs/releases.md): their routes, runner, and the fence every document read passes. */
export function createReleasesModule(deps: {
  db: Db
  store: DocumentStore
  service: ContentService
  catalog: ContentTypeCatalog
  audit: ContentAudit
  /** The broker client, connected after this module is made. */
  publisher: () => EventPublisher | undefined
  clock: () => Date
  logger: Logger
  writes: boolean
}) {
  const { clock, logger } = deps
  const releases = releasesCollection(deps.db)
  const markers = visibilityMarkers(deps.db)
  const events = createReleaseEvents({ releases, publisher: deps.publisher, logger })
  const apply = createReleaseApplier({
    releases,
    markers,
    service: deps.service,
    store: deps.store,
    events,
    clock,
    logger,
    leaseMs: APPLY_LEASE_MS,
  })
  const checkDeps = { store: deps.store, catalog: deps.catalog }
  const runner = createReleaseRunner({
    releases,
    markers,
    check: (caller, release) => checkRelease(checkDeps, caller, release),
    apply,
    events,
    audit: deps.audit,
    clock,
    logger,
    leaseMs: APPLY_LEASE_MS,
  })
  const useCases = createReleases({
    releases,
    store: deps.store,
    catalog: deps.catalog,
    apply,
    clock,
    leaseMs: APPLY_LEASE_MS,
    onScheduled: () => runner.wake(),
  })
  const fence = createReadFence({ markers })
  return {
    fence,
    /** A sync page sees all of a release or none of it, as every document read. */
    fencedSync:
      (sync: Sync): Sync =>
      (input) =>
        fence(input.caller.websiteId, () => sync(input)),
    /** Started by writers only. */
    runner,
    routes: routed(releaseRoutes(useCases, { writes: deps.writes, audit: deps.audit })),
  }
}
