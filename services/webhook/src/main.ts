import { randomUUID } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import got from 'got'
import { connectAmqp } from '@cms/amqp'
import { createAuditLog, createAuditStore } from '@cms/audit/store'
import { createHttpService } from '@cms/http'
import { createLogger } from '@cms/logger'
import { connectMongo, countMongoCommands, mongoErrorTranslator, prepareMongo } from '@cms/mongo'
import { readWebhookConfig } from './config.ts'
import type { WebhookConfig } from './config.ts'
import { createDeliveryMetrics } from './delivery-metrics.ts'
import { createDeliveryRepository } from './data/delivery-repository.ts'
import { ensureIndexes } from './data/indexes.ts'
import { createPayloadRepository } from './data/payload-repository.ts'
import { rememberDeliveries } from './data/recent-deliveries.ts'
import { rememberPayloads } from './data/recent-payloads.ts'
import { rememberWebhooks } from './data/recent-webhooks.ts'
import { createWebhookRepository } from './data/webhook-repository.ts'
import { createAttemptAgents } from './domain/attempt-agents.ts'
import { createAttemptSender } from './domain/attempt-sender.ts'
import { createDeliveryUseCases } from './domain/deliveries.ts'
import { decodeJob } from './domain/delivery-job.ts'
import { createDeliveryRunner } from './domain/delivery-runner.ts'
import { parseEntryEvent } from './domain/event-message.ts'
import { createFanOut } from './domain/fan-out.ts'
import { createEndpointPacer } from './domain/endpoint-pacer.ts'
import { createSlotLimiter } from './domain/slot-limiter.ts'
import { createTargetAddress } from './domain/target-address.ts'
import { createTargetGuard } from './domain/target-guard.ts'
import { createWebhookUseCases } from './domain/webhooks.ts'
import { apiMiddleware } from './http/api-middleware.ts'
import { createJobQueue } from './messaging/job-queue.ts'
import { keepMigratingClassicQueues } from './messaging/classic-migration.ts'
import { classicQueueNames, declareTopology, queueNames } from './messaging/topology.ts'
import { createWorkConsumer } from './messaging/work-consumer.ts'
import { ensureWebsiteDataIndexes, websiteDataRoutes } from '@cms/website-data'
import { createDeliveryLogSweep } from './data/delivery-log-sweep.ts'
import { createDeliveryLogRetention } from './domain/delivery-log-retention.ts'
import { webhookImportHooks } from './lifecycle/import-checks.ts'
import { WEBHOOK_WEBSITE_DATA } from './lifecycle/website-data-plan.ts'
import type { WorkConsumer } from './messaging/work-consumer.ts'

export interface RunningWebhookService {
  url: string
  port: number
  /** Where `/metrics` is served (`METRICS_PORT`); undefined when it is not. */
  metricsUrl?: string
  stop(): Promise<void>
}

export const USER_AGENT = 'cms-webhooks/1.0'
/** Fanning an event out is a few quick writes; this many at a time keeps the database busy enough. */
const EVENT_PREFETCH = 64
/** Deliveries and payload bytes the fan-out and the runner keep in hand (docs/webhooks.md). */
const REMEMBERED_DELIVERIES = 20_000
const REMEMBERED_PAYLOAD_BYTES = 32 * 1024 * 1024
/** Another instance's change to a website's webhooks reaches this one's deliveries within this. */
const WEBHOOK_LIST_TTL_MS = 1000
const REMEMBERED_WEBSITES = 10_000
/** How long a host name's resolved address keys its deliveries' limits before it is looked up again. */
const TARGET_ADDRESS_TTL_MS = 30_000

export async function start(
  config: WebhookConfig = readWebhookConfig(),
): Promise<RunningWebhookService> {
  const logger = createLogger({ service: 'webhook', level: config.LOG_LEVEL })
  if (config.WEBHOOK_ALLOW_PRIVATE_TARGETS)
    logger.warn('private webhook targets are allowed (WEBHOOK_ALLOW_PRIVATE_TARGETS)')
  const mongo = connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB, logger })
  const auditStore = createAuditStore(mongo.client.db(config.AUDIT_DB))
  const prepared = prepareMongo(
    mongo,
    async () => {
      await ensureIndexes(mongo.db)
      await auditStore.ensureIndexes()
      await ensureWebsiteDataIndexes(mongo.db, WEBHOOK_WEBSITE_DATA)
    },
    logger,
  )

  const remembered = rememberWebhooks(createWebhookRepository(mongo.db), {
    ttlMs: WEBHOOK_LIST_TTL_MS,
    maxWebsites: REMEMBERED_WEBSITES,
  })
  const webhooks = remembered.repository
  const deliveries = createDeliveryRepository(mongo.db)
  const payloads = createPayloadRepository(mongo.db)
  const now = () => new Date()
  const resolve = (hostname: string) => lookup(hostname, { all: true })
  const guard = createTargetGuard({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS, resolve })
  const agents = createAttemptAgents()
  const names = queueNames(config.WEBHOOK_QUEUE_PREFIX, config.WEBHOOK_QUEUE_TYPE)

  const consumers: WorkConsumer[] = []
  // The broker may answer before the consumers below exist; they start once everything is wired.
  let wired!: () => void
  const wiring = new Promise<void>((resolve) => (wired = resolve))
  const amqp = await connectAmqp({
    url: config.AMQP_URL,
    logger,
    topology: (channel) =>
      declareTopology(channel, names, config.WEBHOOK_RETRY_DELAYS_MS, config.WEBHOOK_QUEUE_TYPE),
    onConnect: async (model) => {
      await wiring
      for (const consumer of consumers) await consumer.start(model)
      // Classic queues of an earlier version: their messages move here (docs/deployment.md).
      if (config.WEBHOOK_QUEUE_TYPE === 'quorum')
        void keepMigratingClassicQueues({
          model,
          classic: classicQueueNames(config.WEBHOOK_QUEUE_PREFIX),
          quorum: names,
          retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS,
          logger,
        })
    },
  })
  const queue = createJobQueue(amqp, names)
  const http = createHttpService({
    name: 'webhook',
    logger,
    checks: {
      mongo: prepared.check,
      broker: async () => {
        if (!amqp.isConnected()) throw new Error('not connected')
      },
    },
    errorTranslators: [mongoErrorTranslator],
    internalToken: config.INTERNAL_TOKEN,
    middleware: [
      // Purge, export and import of a website for the gateway (docs/lifecycle.md): NDJSON bodies.
      websiteDataRoutes({
        db: mongo.db,
        plan: WEBHOOK_WEBSITE_DATA,
        importHooks: webhookImportHooks(guard),
        changed: remembered.forget,
      }),
      ...apiMiddleware({
        webhooks: createWebhookUseCases({
          webhooks,
          deliveries,
          guard,
          now,
          newId: randomUUID,
        }),
        deliveries: createDeliveryUseCases({
          webhooks,
          deliveries,
          payloads,
          queue,
          now,
          newId: randomUUID,
        }),
        audit: createAuditLog({ store: auditStore, logger }),
      }),
    ],
  })
  countMongoCommands(mongo.client, http.metrics.registry, http.inRequest)
  // The pipeline reads back what it wrote from memory; the API reads the database.
  const pipeline = {
    deliveries: rememberDeliveries(deliveries, { max: REMEMBERED_DELIVERIES }),
    payloads: rememberPayloads(payloads, { maxBytes: REMEMBERED_PAYLOAD_BYTES }),
    webhooks: remembered.pipeline,
  }
  const limiter = createSlotLimiter({
    website: Math.max(
      1,
      Math.floor((config.WEBHOOK_PREFETCH * config.WEBHOOK_WEBSITE_SHARE_PERCENT) / 100),
    ),
    target: config.WEBHOOK_TARGET_CONCURRENCY,
    websiteTarget: config.WEBHOOK_HOST_CONCURRENCY,
    slowMs: config.WEBHOOK_SLOW_MS,
  })
  const runner = createDeliveryRunner({
    ...pipeline,
    queue,
    send: createAttemptSender({ got, guard, timeoutMs: config.WEBHOOK_TIMEOUT_MS, agents }),
    limiter,
    pacer: createEndpointPacer({
      afterTimeouts: config.WEBHOOK_PACE_AFTER_TIMEOUTS || Number.MAX_SAFE_INTEGER,
      pauseMs: config.WEBHOOK_PACE_MS,
    }),
    targetAddress: createTargetAddress({ resolve, ttlMs: TARGET_ADDRESS_TTL_MS }),
    retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS,
    userAgent: USER_AGENT,
    now,
    logger,
    observer: createDeliveryMetrics(http.metrics.registry),
  })
  const fanOut = createFanOut({
    ...pipeline,
    queue,
    now,
    logger,
    holdsItsShare: limiter.isFull,
  })
  consumers.push(
    createWorkConsumer({
      queue: names.events,
      prefetch: EVENT_PREFETCH,
      logger,
      async handle(content) {
        const parsed = parseEntryEvent(content)
        if ('problem' in parsed) {
          logger.error({ problem: parsed.problem }, 'unreadable entry event')
          return 'unreadable'
        }
        await fanOut(parsed.message)
        return 'done'
      },
    }),
    createWorkConsumer({
      queue: names.deliveries,
      prefetch: config.WEBHOOK_PREFETCH,
      logger,
      async handle(content) {
        const job = decodeJob(content)
        if (!job) return 'unreadable'
        await runner.run(job)
        return 'done'
      },
    }),
  )
  wired()
  const retention = createDeliveryLogRetention({
    sweep: createDeliveryLogSweep(mongo.db),
    days: config.WEBHOOK_LOG_DAYS,
    intervalMs: config.WEBHOOK_LOG_SWEEP_MS,
    now,
    logger,
  })
  retention.start()
  const { url, port, metricsUrl } = await http.listen({
    port: config.PORT,
    host: config.HOST,
    metricsPort: config.METRICS_PORT,
  })

  return {
    url,
    port,
    metricsUrl,
    async stop() {
      await http.close()
      await retention.stop()
      // An attempt in hand may take the whole time-out; what is not finished by then is requeued.
      await Promise.all(
        consumers.map((consumer) => consumer.stop(config.WEBHOOK_TIMEOUT_MS + 2000)),
      )
      await amqp.close()
      await prepared.stop()
      await mongo.close()
      agents.http.destroy()
      agents.https.destroy()
    },
  }
}
