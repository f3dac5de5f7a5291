import { randomUUID } from 'node:crypto'
import compose from 'koa-compose'
import type { Middleware } from 'koa'
import { createHttpService, createInternalClient, OPERATOR_KEY_ID } from '@cms/http'
import type { Listening } from '@cms/http'
import { createLogger } from '@cms/logger'
import { connectMongo, countMongoCommands, mongoErrorTranslator, prepareMongo } from '@cms/mongo'
import { readGatewayConfig } from './config.ts'
import type { GatewayConfig } from './config.ts'
import { createApiKeysRepository } from './data/api-keys-repository.ts'
import { createRolesRepository } from './data/roles-repository.ts'
import { connectRedis } from './data/redis-client.ts'
import { createWebsitesRepository } from './data/websites-repository.ts'
import { createApiKeysAdmin } from './domain/api-keys-admin.ts'
import { createRolesAdmin } from './domain/roles-admin.ts'
import { createPreviewTokens } from './domain/preview-tokens.ts'
import { websiteAccessRoutes } from './http/website-access-routes.ts'
import { createAuthFailureThrottle } from './domain/auth-failure-throttle.ts'
import { createKeyAuthenticator } from './domain/key-authenticator.ts'
import { createKeyUsage } from './domain/key-usage.ts'
import { createKeyRateLimiter } from './domain/key-rate-limiter.ts'
import { createWebsitesAdmin } from './domain/websites-admin.ts'
import { createQuotaUsageReader } from './domain/quota-report.ts'
import { createWebsiteQuotaLookup } from './domain/website-quota-lookup.ts'
import { installationQuotas } from './domain/website-quotas.ts'
import { adminPanel } from './admin-panel/admin-panel.ts'
import { apiDocs } from './docs/api-docs.ts'
import { adminRoutes } from './http/admin-routes.ts'
import { apiPipeline, fetchApiRead } from './http/api-pipeline.ts'
import { publicApiCors } from './http/cors.ts'
import { underPath } from './http/under-path.ts'
import { createUpstreamProxy } from './http/upstream-proxy.ts'
import { createAssetRateLimiter } from './domain/asset-rate-limiter.ts'
import { mediaAssets } from './http/media-assets.ts'
import { mediaUploadRule } from './http/media-upload-rule.ts'
import { createReadCache } from './read-cache/read-cache.ts'
import { cdnHeaders } from './read-cache/cdn-headers.ts'
import { createLifecycleModule } from './lifecycle/lifecycle-module.ts'
import { createIdempotency } from './idempotency/idempotency.ts'
import { createPeopleModule } from './people/people-module.ts'
import { createAuditChains, createAuditLog, createAuditStore } from '@cms/audit/store'
import { startAuditSweep } from './audit/audit-sweep.ts'
import { startAuditHeadExport } from './audit/audit-head-export.ts'
import { createBrokerChanges } from './broker/broker-changes.ts'
import { createChangesModule } from './changes/changes-module.ts'
import { createGraphqlModule } from './graphql/graphql-module.ts'
import { limitHooks } from './graphql/limits/endpoint-hooks.ts'
import { createCdnPurgeModule } from './cdn-purge/cdn-purge-module.ts'

export interface GatewayStartOptions {
  /** Serves `GET /admin` and the panel's assets; a placeholder page by default. */
  adminPanel?: Middleware
}

export interface RunningGateway {
  url: string
  port: number
  /** Where `/metrics` is served (`METRICS_PORT`); undefined when it is not. */
  metricsUrl?: string
  stop(): Promise<void>
}

const BODY_LIMIT_BYTES = 1024 * 1024

export async function start(
  config: GatewayConfig = readGatewayConfig(),
  options: GatewayStartOptions = {},
): Promise<RunningGateway> {
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL })
  const mongo = connectMongo({ url: config.MONGO_URL, dbName: config.MONGO_DB, logger })
  const redis = connectRedis({
    url: config.REDIS_URL,
    logger,
    prefix: config.REDIS_PREFIX,
    sentinel: config.REDIS_SENTINELS && {
      sentinels: config.REDIS_SENTINELS,
      name: config.REDIS_SENTINEL_NAME,
      password: config.REDIS_SENTINEL_PASSWORD,
    },
  })
  const websitesRepository = createWebsitesRepository(mongo.db)
  const apiKeysRepository = createApiKeysRepository(mongo.db)
  const rolesRepository = createRolesRepository(mongo.db)
  const auditStore = createAuditStore(mongo.client.db(config.AUDIT_DB))
  const audit = {
    store: auditStore,
    log: createAuditLog({ store: auditStore, logger }),
    chains: createAuditChains(mongo.client.db(config.AUDIT_DB)),
  }
  const lifecycle = createLifecycleModule({
    db: mongo.db,
    audit,
    websites: websitesRepository,
    roles: rolesRepository,
    config,
    operatorKeyId: OPERATOR_KEY_ID,
    logger,
  })
  const idempotency = createIdempotency({
    db: mongo.db,
    logger,
    // Past the upstream's connect, headers and body time-outs, a claim's request is over.
    abandonAfterMs: config.UPSTREAM_CONNECT_TIMEOUT_MS + 2 * config.UPSTREAM_TIMEOUT_MS,
    sweepIntervalMs: config.IDEMPOTENCY_SWEEP_INTERVAL_MS,
  })
  const throttle = createAuthFailureThrottle({
    redis: redis.redis,
    prefix: config.REDIS_PREFIX,
    failuresPerMinute: config.AUTH_FAILURES_PER_MINUTE,
  })
  const people = createPeopleModule({
    audit: audit.log,
    db: mongo.db,
    redis: redis.redis,
    config,
    throttle,
    permissionsOf: (websiteId, role) => roles.permissionsOf(websiteId, role),
    roleProblem: async (websiteId, role) => {
      if (!(await websitesRepository.findById(websiteId))) return `no website ${websiteId}`
      if (!(await roles.permissionsOf(websiteId, role)))
        return `website ${websiteId} has no role ${role}`
      return undefined
    },
    logger,
  })
  const prepared = prepareMongo(
    mongo,
    async () => {
      await websitesRepository.ensureIndexes()
      await apiKeysRepository.ensureIndexes()
      await rolesRepository.ensureIndexes()
      await lifecycle.ensureIndexes()
      await idempotency.prepare()
      await people.ensureIndexes()
      await auditStore.ensureIndexes()
    },
    logger,
  )
  if (!(await redis.whenReady(3000)))
    logger.warn('redis not reachable yet; rate limits use per-instance memory until it is')

  const authenticator = createKeyAuthenticator({
    apiKeys: apiKeysRepository,
    permissionsOf: (websiteId, role) => roles.permissionsOf(websiteId, role),
    ttlMs: config.KEY_CACHE_TTL_MS,
  })
  const onKeysRevoked = (hashes: readonly string[]) => authenticator.forget(hashes)
  const keyUsage = createKeyUsage({
    store: apiKeysRepository,
    flushEveryMs: config.KEY_USAGE_FLUSH_MS,
    logger,
  })
  const quotaDefaults = installationQuotas(config)
  const quotas = createWebsiteQuotaLookup({
    websites: websitesRepository,
    defaults: quotaDefaults,
    ttlMs: config.KEY_CACHE_TTL_MS,
  })
  const websites = createWebsitesAdmin({
    websites: websitesRepository,
    apiKeys: apiKeysRepository,
    now: () => new Date(),
    newId: randomUUID,
    onKeysRevoked,
    onQuotasChanged: quotas.forget,
    purges: lifecycle.purges,
    onRemoved: (websiteId) => cdnPurge.websiteRemoved(websiteId),
  })
  const roles = createRolesAdmin({
    roles: rolesRepository,
    apiKeys: apiKeysRepository,
    websites,
    now: () => new Date(),
    onRolesChanged: (websiteId) => {
      authenticator.forgetWebsite(websiteId)
      people.forgetWebsite(websiteId)
    },
  })
  const apiKeys = createApiKeysAdmin({
    apiKeys: apiKeysRepository,
    roles,
    websites,
    now: () => new Date(),
    newId: randomUUID,
    onKeysRevoked,
    onKeyRetired: (websiteId, keyId) => void cdnPurge.keyRetired(websiteId, keyId),
  })
  const previews = createPreviewTokens({ secret: config.INTERNAL_TOKEN, now: () => new Date() })
  const rateLimiter = createKeyRateLimiter({
    redis: redis.redis,
    prefix: config.REDIS_PREFIX,
  })
  /** Where each public operation's service is, for the proxy and GraphQL's operation caller. */
  const upstreamUrls = {
    contentRead: config.CONTENT_READ_URL,
    contentWrite: config.CONTENT_WRITE_URL,
    schema: config.SCHEMA_URL,
    webhook: config.WEBHOOK_URL,
  }
  const proxy = createUpstreamProxy({
    urls: upstreamUrls,
    internalToken: config.INTERNAL_TOKEN,
    connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    bodyRuleFor: mediaUploadRule(config.MEDIA_MAX_BYTES),
  })
  const internalClient = (service: string, baseUrl: string) =>
    createInternalClient({
      service,
      baseUrl,
      internalToken: config.INTERNAL_TOKEN,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    })
  const brokerChanges = config.AMQP_URL
    ? createBrokerChanges({ url: config.AMQP_URL, logger })
    : undefined
  const changes = createChangesModule({
    config,
    brokerChanges,
    content: internalClient('content', config.CONTENT_READ_URL),
    quotas,
    operatorKeyId: OPERATOR_KEY_ID,
    redis: redis.redis,
    logger,
  })
  const readQuotaUsage = createQuotaUsageReader({
    schema: internalClient('schema', config.SCHEMA_URL),
    content: internalClient('content', config.CONTENT_READ_URL),
    webhook: internalClient('webhook', config.WEBHOOK_URL),
    gateway: changes.usage,
    operatorKeyId: OPERATOR_KEY_ID,
  })
  const readCache = createReadCache({
    enabled: config.READ_CACHE,
    maxBytes: config.READ_CACHE_MAX_MB * 1024 * 1024,
    ttlMs: config.READ_CACHE_TTL_MS,
    redis: redis.redis,
    prefix: config.REDIS_PREFIX,
    brokerChanges,
    fetchRead: fetchApiRead(proxy, quotas),
    logger,
  })

  const graphql = createGraphqlModule({
    config,
    upstreamUrls,
    quotas,
    contentChanged: readCache.contentChanged,
    cachedFetch: readCache.fetch,
    brokerChanges,
    logger,
    hooks: limitHooks({ config, redis: redis.redis, logger }),
  })

  const service = createHttpService({
    name: 'gateway',
    logger,
    checks: { mongodb: prepared.check },
    // Rate limits fall back to per-instance memory without Redis, so it never takes the gateway out of rotation.
    advisoryChecks: { redis: () => redis.ping() },
    errorTranslators: [mongoErrorTranslator],
    middleware: [
      underPath(
        '/api',
        compose([
          publicApiCors(),
          cdnHeaders({
            maxAgeSeconds: config.CDN_MAX_AGE_SECONDS,
            staleSeconds: config.CDN_STALE_SECONDS,
          }),
          apiPipeline({
            authenticator,
            throttle,
            rateLimiter,
            proxy,
            idempotentWrites: idempotency.middleware,
            readCache: readCache.middleware,
            quotas,
            keyUsage,
            previews,
            ownOperations: compose([
              websiteAccessRoutes({ apiKeys, roles, previews, audit }),
              changes.routes,
              graphql.routes,
            ]),
            people,
          }),
        ]),
      ),
      underPath(
        '/media',
        mediaAssets({
          proxy,
          limiter: createAssetRateLimiter({
            redis: redis.redis,
            prefix: config.REDIS_PREFIX,
            perMinute: config.MEDIA_TRANSFORMS_PER_MINUTE,
          }),
        }),
      ),
      underPath(
        '/admin/api',
        compose([
          people.requireOperator,
          adminRoutes({
            people: people.admin,
            publicUrl: config.PUBLIC_URL,
            graphqlSdl: graphql.sdlOf,
            audit,
            websites,
            apiKeys,
            roles,
            proxy,
            readQuotaUsage,
            quotaDefaults,
            contentChanged: readCache.contentChanged,
            lifecycle: {
              exports: lifecycle.exportsFor(websites),
              imports: lifecycle.imports,
              purges: lifecycle.purges,
            },
          }),
        ]),
      ),
      underPath('/auth', people.routes),
      apiDocs(),
      options.adminPanel ?? adminPanel(),
    ],
  })
  // Behind N trusted proxies the client is the Nth address from the right of X-Forwarded-For.
  service.app.proxy = config.TRUST_PROXY_HOPS > 0
  service.app.maxIpsCount = config.TRUST_PROXY_HOPS
  countMongoCommands(mongo.client, service.metrics.registry, service.inRequest)
  const cdnPurge = createCdnPurgeModule({
    settings: config,
    amqpUrl: config.AMQP_URL,
    registry: service.metrics.registry,
    logger,
  })

  let listening: Listening
  try {
    listening = await service.listen({
      port: config.CMS_PORT,
      host: config.HOST,
      metricsPort: config.METRICS_PORT,
    })
  } catch (error) {
    await keyUsage.stop()
    await prepared.stop()
    await idempotency.stop()
    await Promise.allSettled([readCache.close(), proxy.close(), redis.close(), mongo.close()])
    throw error
  }
  if (config.PURGE_WORKER) lifecycle.runner.start()
  brokerChanges?.start()
  await cdnPurge.start()
  const auditTasks = [
    startAuditSweep({
      chains: audit.chains,
      retentionDays: config.AUDIT_RETENTION_DAYS,
      intervalMs: config.AUDIT_SWEEP_INTERVAL_MS,
      now: () => new Date(),
      logger,
    }),
    startAuditHeadExport({
      ...audit,
      intervalMs: config.AUDIT_HEAD_INTERVAL_MS,
      webhook: config.AUDIT_HEAD_WEBHOOK,
      now: () => new Date(),
      logger,
    }),
  ]
  void announceBootstrapLink(
    people,
    (config.PUBLIC_URL ?? listening.url).replace(/\/+$/, ''),
    logger,
  )
  return {
    ...listening,
    async stop() {
      await changes.stop()
      await brokerChanges?.close()
      await cdnPurge.stop()
      await service.close()
      await keyUsage.stop()
      await lifecycle.runner.stop()
      await Promise.all(auditTasks.map((task) => task?.stop()))
      await prepared.stop()
      await idempotency.stop()
      await Promise.allSettled([readCache.close(), proxy.close(), redis.close(), mongo.close()])
    },
  }
}

/** With no operator yet, the log carries the one-time link that makes the first (docs/people.md). */
async function announceBootstrapLink(
  people: ReturnType<typeof createPeopleModule>,
  base: string,
  logger: ReturnType<typeof createLogger>,
): Promise<void> {
  try {
    const link = (await people.admin.firstOperatorLink(base))?.link
    if (link)
      logger.warn({ bootstrapLink: link }, `no operator yet: open ${link} to create the first one`)
  } catch (error) {
    logger.warn(
      { err: error },
      'could not make the first operator link (MongoDB or Redis not ready)',
    )
  }
}
