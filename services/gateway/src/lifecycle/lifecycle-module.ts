import { randomUUID } from 'node:crypto'
import type { Db } from 'mongodb'
import type { Logger } from 'pino'
import { createInternalClient } from '@cms/http'
import type { GatewayConfig } from '../config.ts'
import { createPurgeLeases } from '../data/purge-leases.ts'
import { createPurgesRepository } from '../data/purges-repository.ts'
import { createQuotaUsageReader } from '../domain/quota-report.ts'
import type { WebsitesRepository } from '../data/websites-repository.ts'
import type { WebsitesAdmin } from '../domain/websites-admin.ts'
import { createPurgeRunner } from './purge-runner.ts'
import { purgeSteps } from './purge-steps.ts'
import type { LifecycleServices } from './purge-steps.ts'
import type { RolesRepository } from '../data/roles-repository.ts'
import type { AuditChains, AuditStore } from '@cms/audit/store'
import { createWebsiteExport } from './website-export.ts'
import { createWebsiteImport } from './website-import.ts'
import { installationQuotas } from '../domain/website-quotas.ts'
import { createWebsitePurges } from './website-purges.ts'

/**
 * How long a runner sleeps when nothing told it of a purge: a delete kicks its own instance's
 * runner, so this bounds only how soon another instance takes over a purge whose gateway died.
 */
const PURGE_POLL_MS = 30_000
/** How soon a purge that stopped short (a failing service, another runner's lease) is tried again. */
const PURGE_RETRY_MS = 1000
/** After a key's revocation, other instances' key caches keep it this long (docs/gateway.md). */
const GRACE_AFTER_KEY_CACHE_MS = 1000

/**
 * A website's lifecycle wired for main.ts (docs/lifecycle.md): purges of deleted websites and
 * their runner, export, import. `admin` is given later: the websites' admin needs `purges`.
 */
export function createLifecycleModule(deps: {
  db: Db
  audit: { store: AuditStore; chains: Pick<AuditChains, 'purgeBatch'> }
  websites: WebsitesRepository
  roles: RolesRepository
  config: Pick<
    GatewayConfig,
    | 'INTERNAL_TOKEN'
    | 'UPSTREAM_TIMEOUT_MS'
    | 'CONTENT_WRITE_URL'
    | 'SCHEMA_URL'
    | 'WEBHOOK_URL'
    | 'KEY_CACHE_TTL_MS'
    | 'PURGE_BATCH_SIZE'
    | 'CHANGE_STREAMS_PER_WEBSITE'
  >
  operatorKeyId: string
  logger: Logger
}) {
  const { config } = deps
  const clock = () => new Date()
  const client = (service: string, baseUrl: string) =>
    createInternalClient({
      service,
      baseUrl,
      internalToken: config.INTERNAL_TOKEN,
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    })
  const services: LifecycleServices = {
    content: client('content', config.CONTENT_WRITE_URL),
    schema: client('schema', config.SCHEMA_URL),
    webhook: client('webhook', config.WEBHOOK_URL),
  }
  const purgesRepository = createPurgesRepository(deps.db)
  const leases = createPurgeLeases(deps.db)
  const runner = createPurgeRunner({
    purges: purgesRepository,
    leases,
    websiteExists: async (id) => (await deps.websites.findById(id)) !== undefined,
    steps: purgeSteps({
      db: deps.db,
      services: services,
      audit: deps.audit.chains,
      operatorKeyId: deps.operatorKeyId,
    }),
    batchSize: config.PURGE_BATCH_SIZE,
    pollMs: PURGE_POLL_MS,
    retryMs: PURGE_RETRY_MS,
    owner: randomUUID(),
    clock,
    logger: deps.logger,
  })
  const purges = createWebsitePurges({
    purges: purgesRepository,
    graceMs: config.KEY_CACHE_TTL_MS + GRACE_AFTER_KEY_CACHE_MS,
    clock,
    onRequested: runner.kick,
  })
  const imports = createWebsiteImport({
    websites: deps.websites,
    roles: deps.roles,
    purges: purgesRepository,
    services: services,
    audit: deps.audit.store,
    readUsage: createQuotaUsageReader({ ...services, operatorKeyId: deps.operatorKeyId }),
    quotaDefaults: installationQuotas(config),
    operatorKeyId: deps.operatorKeyId,
    clock,
    newId: randomUUID,
    onPurgeRequested: runner.kick,
  })
  return {
    purges,
    imports,
    runner,
    exportsFor: (admin: Pick<WebsitesAdmin, 'get'>) =>
      createWebsiteExport({
        websites: admin,
        roles: deps.roles,
        services: services,
        audit: deps.audit.store,
        operatorKeyId: deps.operatorKeyId,
        clock,
      }),
    async ensureIndexes() {
      await purgesRepository.ensureIndexes()
      await leases.ensureIndexes()
    },
  }
}
