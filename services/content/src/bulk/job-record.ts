import type { AuditRecord } from '@cms/audit'
import type { BulkAction, BulkJob, BulkResult } from '@cms/contract'
import type { Caller } from '@cms/http'

/** Who asked for a job: what its documents are changed as, however late it is resumed. */
export type JobCaller = Pick<Caller, 'websiteId' | 'keyId' | 'permissions' | 'actor'>

/** A bulk job as stored (`bulk_jobs`, docs/bulk.md). */
export interface StoredJob {
  /** From the request's write key when it had an `Idempotency-Key`: a retry finds this job. */
  _id: string
  websiteId: string
  action: BulkAction
  /** Every document, in the order the results list them. */
  ids: string[]
  /**
   * `delete` only: those that existed (of the types the caller may delete) when the job began,
   * so a resumed job knows a document gone in the batch under way at the crash as its own delete.
   */
  found?: string[]
  /** `update`: the merge patch as JSON text (its member names are the client's, not storage's). */
  data?: string
  caller: JobCaller
  /** The request's audit record, without id and target: each document's entry is made from it. */
  audit?: Omit<AuditRecord, 'id' | 'target'>
  state: 'running' | 'done'
  createdAt: Date
  finishedAt?: Date
}

/** The outcomes of one batch of a job's documents (`bulk_job_results`), written once. */
export interface StoredBatch {
  /** `<jobId>:<batch>`: a batch recorded twice (two runners) is one record. */
  _id: string
  jobId: string
  websiteId: string
  batch: number
  results: BulkResult[]
}

/** How many documents one batch holds: its outcomes are written together. */
export const BATCH_SIZE = 20

export const batchCount = (job: Pick<StoredJob, 'ids'>): number =>
  Math.ceil(job.ids.length / BATCH_SIZE)

export const batchIds = (job: Pick<StoredJob, 'ids'>, batch: number): string[] =>
  job.ids.slice(batch * BATCH_SIZE, (batch + 1) * BATCH_SIZE)

/** The key each of the job's changes carries: a change that landed is known by it. */
export const writeKeyOfJob = (jobId: string): string => `bulk:${jobId}`

/** The job as the API shows it (`BulkJob` of @cms/contract). */
export function jobAnswer(job: StoredJob, batches: readonly StoredBatch[]): BulkJob {
  const results = [...batches].sort((a, b) => a.batch - b.batch).flatMap((batch) => batch.results)
  const failed = results.filter((result) => result.outcome === 'failed').length
  return {
    id: job._id,
    action: job.action,
    state: job.state,
    total: job.ids.length,
    done: results.length,
    succeeded: results.length - failed,
    failed,
    results,
    createdAt: job.createdAt.toISOString(),
    ...(job.finishedAt && { finishedAt: job.finishedAt.toISOString() }),
  }
}
