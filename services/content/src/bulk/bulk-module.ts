import type { Router } from '@koa/router'
import type { Logger } from '@cms/logger'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { ContentConfig } from '../config.ts'
import type { ContentService } from '../domain/content-service.ts'
import type { ContentTypeCatalog } from '../domain/content-types.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { createBulkJobs } from './bulk-jobs.ts'
import { bulkRoutes } from './bulk-routes.ts'
import { createTargetResolver } from './bulk-targets.ts'
import { createDocumentAction } from './document-action.ts'
import { createJobRunner } from './job-runner.ts'
import type { JobRunner } from './job-runner.ts'
import type { JobStore } from './job-store.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Bulk operations (docs/bulk.md), wired: their routes and the runner that resumes jobs. */
export function createBulkModule(deps: {
  jobs: JobStore
  service: ContentService
  store: Pick<DocumentStore, 'page' | 'findMany'>
  catalog: ContentTypeCatalog
  audit: ContentAudit
  clock: () => Date
  logger: Logger
  config: Pick<ContentConfig, 'BULK_JOB_LEASE_MS' | 'BULK_JOB_POLL_MS' | 'BULK_JOB_RETENTION_DAYS'>
}): { routes: Router; runner: JobRunner } {
  const { jobs, clock, config } = deps
  const runner = createJobRunner({
    jobs,
    act: createDocumentAction(deps.service),
    clock,
    logger: deps.logger,
    leaseMs: config.BULK_JOB_LEASE_MS,
    pollMs: config.BULK_JOB_POLL_MS,
    retentionMs: config.BULK_JOB_RETENTION_DAYS * DAY_MS,
  })
  const bulk = createBulkJobs({
    jobs,
    runner,
    resolveTargets: createTargetResolver({ store: deps.store, catalog: deps.catalog }),
    clock,
  })
  return { routes: bulkRoutes(bulk, { audit: deps.audit }), runner }
}
