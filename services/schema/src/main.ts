import { randomUUID } from 'node:crypto'
import { connectAmqp } from '@cms/amqp'
import { createAuditLog, createAuditStore } from '@cms/audit/store'
import { EVENTS_EXCHANGE } from '@cms/events'
import { createHttpService, jsonBody, routed } from '@cms/http'
import type { Listening } from '@cms/http'
import { createLogger } from '@cms/logger'
import { connectMongo, countMongoCommands, mongoErrorTranslator, prepareMongo } from '@cms/mongo'
import { readSchemaConfig } from './config.ts'
import type { SchemaConfig } from './config.ts'
import { createContentTypeRepository } from './data/content-type-repository.ts'
import { createContentUsageClient } from './data/content-usage-client.ts'
import { createWebsiteTypeIndexRepository } from './data/website-type-index-repository.ts'
import { createComponents } from './domain/components.ts'
import { createContentTypes } from './domain/content-types.ts'
import { createWebsiteTypeLists } from './domain/website-type-lists.ts'
import { createWebsiteLocales } from './domain/website-locales.ts'
import { componentRoutes } from './http/component-routes.ts'
import { contentTypeRoutes } from './http/content-type-routes.ts'
import { localeRoutes } from './http/locale-routes.ts'
import { openApiRoutes } from './http/openapi-routes.ts'
import { internalRoutes } from './http/internal-routes.ts'
import { createContentTypePublisher } from './messaging/content-type-publisher.ts'
import { ensureWebsiteDataIndexes, websiteDataRoutes } from '@cms/website-data'
import { SCHEMA_WEBSITE_DATA } from './lifecycle/website-data-plan.ts'

export interface RunningSchemaService {
  url: string
  port: number
  /** Where `/metrics` is served (`METRICS_PORT`); undefined when it is not. */
  metricsUrl?: string
  stop(): Promise<void>
}

/** Wires the schema service and starts listening; MongoDB and the broker may come up later. */
export async function start(
  config: SchemaConfig = readSchemaConfig(),
): Promise<RunningSchemaService> {
  const logger = createLogger({ service: 'schema', level: config.LOG_LEVEL })
  const clock = () => new Date()
  const mongo = connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB, logger })
  const repository = createContentTypeRepository(mongo.db)
  const componentRepository = createContentTypeRepository(mongo.db, 'component')
  const auditStore = createAuditStore(mongo.client.db(config.AUDIT_DB))
  const audit = createAuditLog({ store: auditStore, logger })
  const prepared = prepareMongo(
    mongo,
    async () => {
      await repository.ensureIndexes()
      await auditStore.ensureIndexes()
      await ensureWebsiteDataIndexes(mongo.db, SCHEMA_WEBSITE_DATA)
    },
    logger,
  )

  const amqp = await connectAmqp({
    url: config.AMQP_URL,
    logger,
    topology: async (channel) => {
      await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
    },
  })

  const index = createWebsiteTypeIndexRepository(mongo.db)
  const usage = createContentUsageClient({
    contentUrl: config.CONTENT_URL,
    internalToken: config.INTERNAL_TOKEN,
    timeoutMs: config.CONTENT_TIMEOUT_MS,
  })
  const events = createContentTypePublisher({ amqp, logger, clock })
  const lists = createWebsiteTypeLists({
    store: repository,
    components: componentRepository,
    index,
    maxBytes: config.TYPE_LIST_CACHE_MB * 1024 * 1024,
  })
  const locales = createWebsiteLocales({ index, lists, usage, events })
  const contentTypes = createContentTypes({
    store: repository,
    index,
    lists,
    usage,
    events,
    clock,
    newId: randomUUID,
  })
  const components = createComponents({
    store: componentRepository,
    index,
    lists,
    events,
    clock,
    newId: randomUUID,
  })

  const http = createHttpService({
    name: 'schema',
    logger,
    internalToken: config.INTERNAL_TOKEN,
    middleware: [
      // Purge, export and import of a website for the gateway (docs/lifecycle.md): NDJSON bodies.
      websiteDataRoutes({ db: mongo.db, plan: SCHEMA_WEBSITE_DATA }),
      jsonBody(),
      routed(contentTypeRoutes(contentTypes, audit)),
      routed(componentRoutes(components, contentTypes, audit)),
      routed(localeRoutes(locales, audit)),
      routed(openApiRoutes(contentTypes, components, locales)),
      routed(internalRoutes(contentTypes, locales)),
    ],
    checks: { mongodb: prepared.check },
    // Change announcements only refresh other services' caches early; writes do not need them.
    advisoryChecks: {
      amqp: async () => {
        if (!amqp.isConnected()) throw new Error('not connected')
      },
    },
    errorTranslators: [mongoErrorTranslator],
  })
  countMongoCommands(mongo.client, http.metrics.registry, http.inRequest)

  let listening: Listening
  try {
    listening = await http.listen({
      port: config.PORT,
      host: config.HOST,
      metricsPort: config.METRICS_PORT,
    })
  } catch (error) {
    await prepared.stop()
    await Promise.allSettled([amqp.close(), mongo.close()])
    throw error
  }
  return {
    ...listening,
    async stop() {
      await http.close()
      await prepared.stop()
      await Promise.allSettled([amqp.close(), mongo.close()])
    },
  }
}
