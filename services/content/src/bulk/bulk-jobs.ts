import { randomUUID } from 'node:crypto'
import type { AuditRecord } from '@cms/audit'
import { BULK_SYNC_LIMIT } from '@cms/contract'
import type { BulkDryRun, BulkJob, BulkRequestBody } from '@cms/contract'
import { NotFoundError } from '@cms/errors'
import { keyedCreate } from '@cms/http'
import type { Caller } from '@cms/http'
import { actingCaller } from './bulk-permission.ts'
import type { TargetResolver } from './bulk-targets.ts'
import { jobAnswer } from './job-record.ts'
import type { JobCaller, StoredJob } from './job-record.ts'
import type { JobRunner } from './job-runner.ts'
import type { JobStore } from './job-store.ts'

export type BulkAnswer =
  { status: 200; body: BulkJob | BulkDryRun } | { status: 202; body: BulkJob; location: string }

export const jobLocation = (id: string): string => `/api/jobs/${id}`

const jobCallerOf = (caller: Caller): JobCaller => ({
  websiteId: caller.websiteId,
  keyId: caller.keyId,
  permissions: caller.permissions,
  ...(caller.actor && { actor: caller.actor }),
})

/** `POST /api/content/bulk` and `GET /api/jobs/:id` (docs/bulk.md). */
export function createBulkJobs(deps: {
  jobs: JobStore
  runner: JobRunner
  resolveTargets: TargetResolver
  clock: () => Date
}) {
  const { jobs, runner } = deps

  async function current(job: StoredJob): Promise<BulkJob> {
    const found = (await jobs.find(job.websiteId, job._id)) ?? job
    return jobAnswer(found, await jobs.batches(job._id))
  }

  /**
   * A job of up to 100 documents is run before the answer; a larger one is answered at once and
   * runs on. A job found running (a retry after a crash) is finished by whoever claims it.
   */
  async function answer(job: StoredJob): Promise<BulkAnswer> {
    if (job.state === 'running') {
      if (job.ids.length <= BULK_SYNC_LIMIT) await runner.claimAndRun(job)
      else {
        const lease = await runner.claim(job)
        if (lease) runner.runInBackground(job, lease)
      }
    }
    const shown = await current(job)
    return shown.state === 'done'
      ? { status: 200, body: shown }
      : { status: 202, body: shown, location: jobLocation(job._id) }
  }

  return {
    async start(input: {
      caller: Caller
      body: BulkRequestBody
      /** The request's write key: a retry with the same `Idempotency-Key` finds the same job. */
      writeKey?: string | undefined
      /** The request's audit record, which each document's entry is made from. */
      audit?: AuditRecord | undefined
    }): Promise<BulkAnswer> {
      const { caller, body } = input
      const acting = actingCaller(caller, body.action)
      if (body.dryRun) {
        const { found } = await deps.resolveTargets(acting, body)
        const dryRun = { action: body.action, dryRun: true, total: found.length, ids: found }
        return { status: 200, body: dryRun as BulkDryRun }
      }
      const keyed = await keyedCreate(input.writeKey, {
        now: deps.clock(),
        find: (id) => jobs.find(caller.websiteId, id),
        madeAt: (job) => job.createdAt,
      })
      if (keyed.made) return answer(keyed.made)
      const targets = await deps.resolveTargets(acting, body)
      const { id: _id, target: _target, ...audit } = input.audit ?? ({} as Partial<AuditRecord>)
      const job: StoredJob = {
        _id: keyed.id ?? randomUUID(),
        websiteId: caller.websiteId,
        action: body.action,
        ids: targets.ids,
        ...(body.action === 'delete' && { found: targets.found }),
        ...(body.data && { data: JSON.stringify(body.data) }),
        caller: jobCallerOf(caller),
        ...(input.audit && { audit: audit as StoredJob['audit'] }),
        state: 'running',
        createdAt: deps.clock(),
      }
      if (!(await jobs.insert(job))) {
        const raced = await jobs.find(caller.websiteId, job._id)
        if (!raced) throw new NotFoundError(`No job ${job._id}`)
        return answer(raced)
      }
      return answer(job)
    },

    async get(caller: Caller, id: string): Promise<BulkJob> {
      const job = await jobs.find(caller.websiteId, id)
      if (!job) throw new NotFoundError(`No job ${id}`)
      return jobAnswer(job, await jobs.batches(id))
    },
  }
}

export type BulkJobs = ReturnType<typeof createBulkJobs>
