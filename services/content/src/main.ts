import { createHttpService, jsonBody, routed } from '@cms/http'
import { createLogger } from '@cms/logger'
import { connectMongo, mongoErrorTranslator } from '@cms/mongo'
import { Counter } from 'prom-client'
import { readContentConfig } from './config.ts'
import type { ContentConfig } from './config.ts'
import { createChangeStamps } from './data/change-stamps.ts'
import { createDocumentsRepository } from './data/documents-repository.ts'
import { withChangeStamps } from './data/stamped-documents.ts'
import { createOutboxRepository } from './data/outbox-repository.ts'
import { ensureContentIndexes } from './data/indexes.ts'
import { createSchemaClient } from './data/schema-client.ts'
import { createSlugRegistry } from './data/slug-registry.ts'
import { createVersionsRepository } from './data/versions-repository.ts'
import { createChangeCommitter } from './domain/change-committer.ts'
import { createContentService } from './domain/content-service.ts'
import { createContentTypeCatalog } from './domain/content-types.ts'
import { withCountCache } from './domain/count-cache.ts'
import { createOutboxRelay } from './domain/outbox-relay.ts'
import type { OutboxRelay } from './domain/outbox-relay.ts'
import { contentRoutes } from './http/content-routes.ts'
import { internalOnly } from './http/internal-only.ts'
import { readsOnly } from './http/reads-only.ts'
import { connectBroker } from './messaging/broker.ts'
import { retryInBackground } from './retry-in-background.ts'

export interface RunningContentService {
  url: string
  port: number
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

  const mongo = connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB, logger })
  const indexes = retryInBackground(
    () => ensureContentIndexes(mongo.db),
    logger,
    'creating indexes',
  )

  const stamps = createChangeStamps(mongo.db)
  const documents = withCountCache(withChangeStamps(createDocumentsRepository(mongo.db), stamps), {
    stamps,
  })
  const versions = createVersionsRepository(mongo.db)
  const outbox = createOutboxRepository(mongo.db)
  const slugs = createSlugRegistry(mongo.db)
  const catalog = createContentTypeCatalog({
    source: createSchemaClient({
      baseUrl: config.SCHEMA_URL,
      internalToken: config.INTERNAL_TOKEN,
    }),
  })
  const broker = await connectBroker({
    url: config.AMQP_URL,
    logger,
    onContentTypeChanged: catalog.invalidate,
  })

  let relay: OutboxRelay | undefined
  const committer = createChangeCommitter({
    documents,
    versions,
    outbox,
    slugs,
    logger,
    listener: {
      starting: (eventId) => relay?.starting(eventId),
      ended: (eventId, committed) => relay?.ended(eventId, committed),
    },
  })
  const service = createContentService({ documents, versions, slugs, committer, catalog, clock })
  const router = contentRoutes(service, { writes })

  const http = createHttpService({
    name: writes ? 'content-write' : 'content-read',
    logger,
    errorTranslators: [mongoErrorTranslator],
    checks: {
      mongodb: async () => {
        await mongo.ping()
        if (!indexes.done()) throw new Error('indexes not created yet')
      },
    },
    // Writes commit to the outbox without the broker; the relay catches up when it returns.
    advisoryChecks: writes
      ? {
          broker: async () => {
            if (!broker.isConnected()) throw new Error('not connected')
          },
        }
      : {},
    middleware: [
      internalOnly(config.INTERNAL_TOKEN),
      ...(writes ? [] : [readsOnly()]),
      jsonBody(),
      routed(router),
    ],
  })

  if (writes) {
    const published = new Counter({
      name: 'content_outbox_events_published_total',
      help: 'Entry events the outbox relay published with a broker confirm',
      registers: [http.metrics.registry],
    })
    relay = createOutboxRelay({
      outbox,
      versions,
      documents,
      committer,
      publisher: broker,
      logger,
      pollMs: config.OUTBOX_POLL_MS,
      onPublished: (count) => published.inc(count),
    })
    relay.start()
  }

  let address: { port: number; url: string }
  try {
    address = await http.listen(config.PORT, config.HOST)
  } catch (error) {
    await relay?.stop()
    await broker.close()
    await indexes.stop()
    await mongo.close()
    throw error
  }

  return {
    ...address,
    async stop() {
      await http.close()
      await relay?.stop()
      await broker.close()
      await indexes.stop()
      await mongo.close()
    },
  }
}
