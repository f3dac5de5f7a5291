import { randomUUID } from 'node:crypto'
import { connectAmqp } from '@cms/amqp'
import { EVENTS_EXCHANGE } from '@cms/events'
import { createHttpService, jsonBody, requireInternalCaller, routed } from '@cms/http'
import { createLogger } from '@cms/logger'
import { connectMongo, mongoErrorTranslator, whenMongoAnswers } from '@cms/mongo'
import { readSchemaConfig } from './config.ts'
import type { SchemaConfig } from './config.ts'
import { createContentTypeRepository } from './data/content-type-repository.ts'
import { createContentUsageClient } from './data/content-usage-client.ts'
import { createContentTypes } from './domain/content-types.ts'
import { contentTypeRoutes } from './http/content-type-routes.ts'
import { createContentTypePublisher } from './messaging/content-type-publisher.ts'

export interface RunningSchemaService {
  url: string
  port: number
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
  let indexesReady = false
  let stopped = false
  const indexing = whenMongoAnswers(
    mongo,
    async () => {
      if (stopped) return
      await repository.ensureIndexes()
      indexesReady = true
    },
    { logger, attempts: Number.MAX_SAFE_INTEGER },
  ).catch((error: unknown) => logger.error({ err: error }, 'cannot create indexes'))

  const amqp = await connectAmqp({
    url: config.AMQP_URL,
    logger,
    topology: async (channel) => {
      await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
    },
  })

  const contentTypes = createContentTypes({
    store: repository,
    usage: createContentUsageClient({
      contentUrl: config.CONTENT_URL,
      internalToken: config.INTERNAL_TOKEN,
      timeoutMs: config.CONTENT_TIMEOUT_MS,
    }),
    events: createContentTypePublisher({ amqp, logger, clock }),
    clock,
    newId: randomUUID,
  })

  const http = createHttpService({
    name: 'schema',
    logger,
    middleware: [
      requireInternalCaller(config.INTERNAL_TOKEN),
      jsonBody(),
      routed(contentTypeRoutes(contentTypes)),
    ],
    checks: {
      mongodb: async () => {
        await mongo.ping()
        if (!indexesReady) throw new Error('indexes not created yet')
      },
    },
    // Change announcements only refresh other services' caches early; writes do not need them.
    advisoryChecks: {
      amqp: async () => {
        if (!amqp.isConnected()) throw new Error('not connected')
      },
    },
    errorTranslators: [mongoErrorTranslator],
  })

  let listening: { port: number; url: string }
  try {
    listening = await http.listen(config.PORT, config.HOST)
  } catch (error) {
    stopped = true
    await Promise.allSettled([amqp.close(), mongo.close()])
    throw error
  }
  return {
    ...listening,
    async stop() {
      stopped = true
      await http.close()
      await Promise.allSettled([amqp.close(), mongo.close(), indexing])
    },
  }
}
