import type { Logger } from '@cms/logger'
import type { BulkResult } from '@cms/contract'
import { actingCaller } from './bulk-permission.ts'
import type { DocumentAction } from './document-action.ts'
import { batchCount, batchIds } from './job-record.ts'
import type { StoredJob } from './job-record.ts'
import type { JobStore, Lease } from './job-store.ts'

/** Documents of one batch changed at once. */
const CONCURRENCY = 4
/** Unfinished jobs read per look. */
const RUNNING_BATCH = 20
const SWEEP_EVERY_MS = 60 * 60 * 1000

export interface JobRunner {
  /** Claims the job and runs it to its end; false when another runner holds it. */
  claimAndRun(job: StoredJob): Promise<boolean>
  /** Runs a job this call has just claimed, in the background (its failure is logged). */
  runInBackground(job: StoredJob, lease: Lease): void
  claim(job: StoredJob): Promise<Lease | undefined>
  /** Resumes unfinished jobs whose runner stopped, and sweeps old ones. */
  start(): void
  stop(): Promise<void>
}

/** `items` mapped by `work`, at most `limit` at a time, in their order. */
async function mapPooled<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/**
 * Runs jobs batch by batch under a lease (docs/bulk.md): a batch's outcomes are recorded once
 * all its documents are done, the lease is renewed between batches, and a job whose runner
 * died (its lease older than `leaseMs`) is claimed by the next look of any content writer and
 * resumed at its first unrecorded batch.
 */
export function createJobRunner(deps: {
  jobs: JobStore
  act: DocumentAction
  clock: () => Date
  logger: Logger
  leaseMs: number
  pollMs: number
  retentionMs: number
}): JobRunner {
  const { jobs, clock, logger, leaseMs } = deps
  /** Jobs this process runs now: a retry or a look waits for them instead of claiming. */
  const active = new Map<string, Promise<void>>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let looking: Promise<void> | undefined
  let stopped = true
  /** Set by `stop`: runs end after their batch and are resumed by the next claim. */
  let closing = false
  let sweptAt = 0

  async function runBatches(job: StoredJob, claimed: Lease): Promise<void> {
    let lease = claimed
    const recorded = new Set((await jobs.batches(job._id)).map((batch) => batch.batch))
    // An earlier runner may have changed documents of its first unrecorded batch.
    const resumedBatch = lease.attempt > 1 ? firstMissing(recorded, batchCount(job)) : -1
    const caller = actingCaller(job.caller, job.action)
    for (let batch = 0; batch < batchCount(job); batch++) {
      if (recorded.has(batch)) continue
      if (closing) return
      if (clock().getTime() - lease.at.getTime() > leaseMs / 3) {
        const renewed = await jobs.renew(lease, clock())
        if (!renewed)
          return logger.warn({ jobId: job._id }, 'bulk job taken over by another runner')
        lease = renewed
      }
      const resumed = batch === resumedBatch
      const results: BulkResult[] = await mapPooled(batchIds(job, batch), CONCURRENCY, (id) =>
        deps.act({ job, caller, id, resumed }),
      )
      await jobs.record({
        _id: `${job._id}:${batch}`,
        jobId: job._id,
        websiteId: job.websiteId,
        batch,
        results,
      })
    }
    await jobs.finish(job._id, clock())
  }

  function track(job: StoredJob, lease: Lease): Promise<void> {
    const running = runBatches(job, lease).finally(() => active.delete(job._id))
    active.set(job._id, running)
    return running
  }

  const runner: JobRunner = {
    async claim(job) {
      if (active.has(job._id)) return undefined
      return jobs.claim(job._id, clock(), leaseMs)
    },
    async claimAndRun(job) {
      const waiting = active.get(job._id)
      if (waiting) {
        await waiting
        return true
      }
      const lease = await runner.claim(job)
      if (!lease) return false
      await track(job, lease)
      return true
    },
    runInBackground(job, lease) {
      track(job, lease).catch((error: unknown) =>
        logger.warn(
          { err: error, jobId: job._id },
          'bulk job stopped; it is resumed after its lease',
        ),
      )
    },
    start() {
      stopped = false
      next(0)
    },
    async stop() {
      stopped = true
      closing = true
      clearTimeout(timer)
      await looking
      await Promise.allSettled([...active.values()])
    },
  }

  async function look(): Promise<void> {
    const now = clock()
    if (now.getTime() - sweptAt >= SWEEP_EVERY_MS) {
      sweptAt = now.getTime()
      const swept = await jobs.sweep(new Date(now.getTime() - deps.retentionMs), 1000)
      if (swept > 0) logger.info({ swept }, 'old bulk jobs removed')
    }
    for (const job of await jobs.running(RUNNING_BATCH)) {
      if (stopped) return
      const lease = await runner.claim(job)
      if (!lease) continue
      logger.info({ jobId: job._id, attempt: lease.attempt }, 'resuming a bulk job')
      await track(job, lease)
    }
  }

  function next(delayMs: number): void {
    if (stopped) return
    timer = setTimeout(() => {
      looking = look()
        .catch((error: unknown) => logger.warn({ err: error }, 'bulk job look failed'))
        .finally(() => {
          looking = undefined
          next(deps.pollMs)
        })
    }, delayMs)
  }

  return runner
}

function firstMissing(recorded: ReadonlySet<number>, count: number): number {
  for (let batch = 0; batch < count; batch++) if (!recorded.has(batch)) return batch
  return -1
}
