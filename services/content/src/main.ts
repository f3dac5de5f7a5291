import { createHttpService, jsonBody, routed } from '@cms/http'
import type { Listening } from '@cms/http'
import { createLogger } from '@cms/logger'
import { connectMongo, countMongoCommands, mongoErrorTranslator, prepareMongo } from '@cms/mongo'
import { Counter } from 'prom-client'
import { createAuditLog, createAuditStore } from '@cms/audit/store'
import { createContentAudit } from './audit/content-audit.ts'
import { readContentConfig } from './config.ts'
import type { ContentConfig } from './config.ts'
import { createSchemaClient } from './data/schema-client.ts'
import { createContentService } from './domain/content-service.ts'
import { createContentTypeCatalog } from './domain/content-types.ts'
import { internalRoutes } from './http/internal-routes.ts'
import { internalChangesRoute } from './sync/internal-changes-route.ts'
import { createChangeLogSweep } from './sync/change-log-sweep.ts'
import { createSync } from './sync/sync-documents.ts'
import { syncRoute } from './sync/sync-route.ts'
import { syncTokens } from './sync/sync-token.ts'
import { contentRoutes } from './http/content-routes.ts'
import { readsOnly } from './http/reads-only.ts'
import { scheduleRoutes } from './http/schedule-routes.ts'
import { createScheduleRunner } from './schedules/schedule-runner.ts'
import { createScheduler } from './schedules/scheduler.ts'
import { schedulesCollection } from './schedules/schedules-collection.ts'
import { connectBroker } from './messaging/broker.ts'
import { createContentStore } from './store/content-store.ts'
import { createMediaModule } from './media/media-module.ts'
import { createMediaPurges } from './media/media-purges.ts'
import { ensureWebsiteDataIndexes, websiteDataRoutes } from '@cms/website-data'
import { contentImportHooks } from './lifecycle/media-import.ts'
import { CONTENT_WEBSITE_DATA } from './lifecycle/website-data-plan.ts'
import { createBulkModule } from './bulk/bulk-module.ts'
import { jobStore } from './bulk/job-store.ts'
import { createReleasesModule } from './releases/releases-module.ts'
import { releasesCollection } from './releases/releases-collection.ts'

export interface RunningContentService {
  url: string
  port: number
  /** Where `/metrics` is served (`METRICS_PORT`); undefined when it is not. */
  metricsUrl?: string
  stop(): Promise<void>
}

/** Wires the content service (read or write mode) and starts listening. */
export async function start(
  config: ContentConfig = readContentConfig(),
): Promise<RunningContentService> {
  const writes = config.CONTENT_MODE === 'write'
  const logger = createLogger({ service: 'content', level: config.LOG_LEVEL }).child({
    mode: config.CONTENT_MODE,
  })
  const clock = () => new Date()

  const mongo = connectMongo({
    url: config.MONGO_URL,
    dbName: config.MONGO_DB,
    logger,
    readPreference: writes ? 'primary' : config.MONGO_READ_PREFERENCE,
  })
  const auditStore = createAuditStore(mongo.client.db(config.AUDIT_DB))
  const auditLog = createAuditLog({ store: auditStore, logger })
  const audit = createContentAudit({ log: auditLog, enabled: config.AUDIT_LOG })
  const store = createContentStore({
    db: mongo.db,
    logger,
    clock,
    audit: auditLog,
    changeGraceMs: config.CHANGE_LOG_GRACE_MS,
  })
  const schedules = schedulesCollection(mongo.db)
  const bulkJobs = jobStore(mongo.db)
  // Made before the database preparation that indexes it; the releases module wires its own use.
  const releaseRecords = releasesCollection(mongo.db)
  const media = createMediaModule({
    db: mongo.db,
    documents: store,
    config,
    clock,
    logger,
    writes,
    audit,
    // The broker connects below, before any request is served.
    changed: createMediaPurges({ publisher: () => broker, clock, logger }),
  })
  const prepared = prepareMongo(
    mongo,
    async () => {
      await store.ensureIndexes()
      await schedules.ensureIndexes()
      await bulkJobs.ensureIndexes()
      await media.ensureIndexes()
      await releaseRecords.ensureIndexes()
      await ensureWebsiteDataIndexes(mongo.db, CONTENT_WEBSITE_DATA)
      if (writes) await auditStore.ensureIndexes()
    },
    logger,
  )
  const catalog = createContentTypeCatalog({
    source: createSchemaClient({
      baseUrl: config.SCHEMA_URL,
      internalToken: config.INTERNAL_TOKEN,
    }),
  })
  const broker = await connectBroker({
    url: config.AMQP_URL,
    logger,
    webhookQueuePrefix: config.WEBHOOK_QUEUE_PREFIX,
    onContentTypeChanged: catalog.invalidate,
    // Events committed while the broker was away go out as soon as it is back.
    onReady: () => store.relay.kick(),
  })
  const populateLimits = {
    maxDocuments: config.POPULATE_MAX_DOCUMENTS,
    maxBytes: config.POPULATE_MAX_BYTES,
  }
  const service = createContentService({
    store,
    catalog,
    clock,
    media: media.lookup,
    populateLimits,
  })
  const releases = createReleasesModule({
    db: mongo.db,
    store,
    service,
    catalog,
    audit,
    publisher: () => broker,
    clock,
    logger,
    writes,
  })
  const router = contentRoutes(service, { writes, audit, fence: releases.fence })
  const bulk = createBulkModule({
    jobs: bulkJobs,
    service,
    store,
    catalog,
    audit,
    clock,
    logger,
    config,
  })
  const scheduler = createScheduler({
    schedules,
    store,
    clock,
    onScheduled: () => runner.wake(),
  })
  const changeLogSweep = createChangeLogSweep({
    changes: store.changes,
    retentionDays: config.CHANGE_LOG_RETENTION_DAYS,
    clock,
    logger,
  })
  const runner = createScheduleRunner({
    schedules,
    service,
    store,
    audit,
    clock,
    logger,
    idleMs: config.SCHEDULE_IDLE_MS,
  })

  const http = createHttpService({
    name: writes ? 'content-write' : 'content-read',
    logger,
    errorTranslators: [mongoErrorTranslator],
    checks: { mongodb: prepared.check },
    // Writes commit to the outbox without the broker; the relay catches up when it returns.
    advisoryChecks: writes
      ? {
          broker: async () => {
            if (!broker.isConnected()) throw new Error('not connected')
          },
        }
      : {},
    internalToken: config.INTERNAL_TOKEN,
    middleware: [
      ...(writes ? [] : [readsOnly()]),
      // Purge, export and import of a website for the gateway (docs/lifecycle.md): NDJSON bodies.
      websiteDataRoutes({
        db: mongo.db,
        plan: CONTENT_WEBSITE_DATA,
        writes,
        importHooks: contentImportHooks(mongo.db, config),
      }),
      ...(writes ? [media.upload] : []),
      jsonBody(),
      // Before the document routes: /api/content/bulk would be their /api/content/:id (405).
      ...(writes ? [routed(bulk.routes)] : []),
      routed(router),
      routed(internalRoutes(store, media.store)),
      routed(internalChangesRoute(store.changeReader)),
      routed(
        syncRoute(
          releases.fencedSync(
            createSync({
              reader: store.changeReader,
              store,
              catalog,
              tokens: syncTokens(config.INTERNAL_TOKEN),
              retentionDays: config.CHANGE_LOG_RETENTION_DAYS,
            }),
          ),
        ),
      ),
      ...media.routes,
      routed(scheduleRoutes(scheduler, { writes, audit })),
      releases.routes,
    ],
  })

  countMongoCommands(mongo.client, http.metrics.registry, http.inRequest)
  if (writes) {
    const published = new Counter({
      name: 'content_outbox_events_published_total',
      help: 'Entry events the outbox relay published with a broker confirm',
      registers: [http.metrics.registry],
    })
    store.relay.start({
      publisher: broker,
      pollMs: config.OUTBOX_POLL_MS,
      onPublished: (count) => published.inc(count),
    })
    runner.start()
    releases.runner.start()
    bulk.runner.start()
    media.orphanSweep.start()
    changeLogSweep.start()
  }

  let address: Listening
  try {
    address = await http.listen({
      port: config.PORT,
      host: config.HOST,
      metricsPort: config.METRICS_PORT,
    })
  } catch (error) {
    await bulk.runner.stop()
    await changeLogSweep.stop()
    await media.orphanSweep.stop()
    await releases.runner.stop()
    await runner.stop()
    await store.relay.stop()
    await broker.close()
    await prepared.stop()
    await mongo.close()
    throw error
  }

  return {
    ...address,
    async stop() {
      await http.close()
      await bulk.runner.stop()
      await changeLogSweep.stop()
      await media.orphanSweep.stop()
      await releases.runner.stop()
      await runner.stop()
      await store.relay.stop()
      await broker.close()
      await prepared.stop()
      await mongo.close()
    },
  }
}
