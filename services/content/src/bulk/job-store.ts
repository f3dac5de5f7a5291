import type { Db } from 'mongodb'
import { insertUnlessTaken } from '@cms/mongo'
import type { StoredBatch, StoredJob } from './job-record.ts'

/** One claim to run a job: whoever inserts attempt n first holds it (docs/bulk.md, "Leases"). */
interface RunClaim {
  _id: string
  jobId: string
  attempt: number
  createdAt: Date
}

/** A claim this process holds: its attempt and when it was taken. */
export interface Lease {
  jobId: string
  attempt: number
  at: Date
}

export const JOB_COLLECTIONS = {
  jobs: 'bulk_jobs',
  batches: 'bulk_job_results',
  runs: 'bulk_job_runs',
} as const

export interface JobStore {
  /** False when a job of that id exists (a retry of the same keyed request). */
  insert(job: StoredJob): Promise<boolean>
  find(websiteId: string, id: string): Promise<StoredJob | null>
  batches(jobId: string): Promise<StoredBatch[]>
  /** Records a batch's outcomes; a batch already recorded stays as it was. */
  record(batch: StoredBatch): Promise<void>
  finish(jobId: string, at: Date): Promise<void>
  /** Jobs not finished, of every website (what a restarted writer resumes). */
  running(limit: number): Promise<StoredJob[]>
  /** Attempt n+1 unless attempt n is younger than `leaseMs`; undefined when not won. */
  claim(jobId: string, now: Date, leaseMs: number): Promise<Lease | undefined>
  /** The holder's next attempt; undefined when another runner took it over. */
  renew(lease: Lease, now: Date): Promise<Lease | undefined>
  /** Removes jobs made before `before`, with their outcomes and claims; answers how many. */
  sweep(before: Date, limit: number): Promise<number>
  ensureIndexes(): Promise<void>
}

export function jobStore(db: Db): JobStore {
  const jobs = db.collection<StoredJob>(JOB_COLLECTIONS.jobs)
  const batches = db.collection<StoredBatch>(JOB_COLLECTIONS.batches)
  const runs = db.collection<RunClaim>(JOB_COLLECTIONS.runs)
  const take = async (jobId: string, attempt: number, at: Date) =>
    (await insertUnlessTaken(runs, { _id: `${jobId}:${attempt}`, jobId, attempt, createdAt: at }))
      ? { jobId, attempt, at }
      : undefined
  return {
    insert: (job) => insertUnlessTaken(jobs, job),
    find: (websiteId, id) => jobs.findOne({ _id: id, websiteId }),
    batches: (jobId) => batches.find({ jobId }).sort({ batch: 1 }).toArray(),
    async record(batch) {
      await insertUnlessTaken(batches, batch)
    },
    async finish(jobId, at) {
      await jobs.updateOne({ _id: jobId }, { $set: { state: 'done', finishedAt: at } })
    },
    running: (limit) =>
      jobs.find({ state: 'running' }).sort({ createdAt: 1 }).limit(limit).toArray(),
    async claim(jobId, now, leaseMs) {
      const [latest] = await runs.find({ jobId }).sort({ attempt: -1 }).limit(1).toArray()
      if (latest && now.getTime() - latest.createdAt.getTime() < leaseMs) return undefined
      return take(jobId, (latest?.attempt ?? 0) + 1, now)
    },
    renew: (lease, now) => take(lease.jobId, lease.attempt + 1, now),
    async sweep(before, limit) {
      const old = await jobs
        .find({ createdAt: { $lt: before } }, { projection: { _id: 1 } })
        .limit(limit)
        .toArray()
      const ids = old.map((job) => job._id)
      if (ids.length === 0) return 0
      await batches.deleteMany({ jobId: { $in: ids } })
      await runs.deleteMany({ jobId: { $in: ids } })
      await jobs.deleteMany({ _id: { $in: ids } })
      return ids.length
    },
    async ensureIndexes() {
      await jobs.createIndex({ state: 1, createdAt: 1 }, { name: 'unfinished' })
      await jobs.createIndex({ createdAt: 1 }, { name: 'age' })
      await batches.createIndex({ jobId: 1, batch: 1 }, { name: 'job' })
      await runs.createIndex({ jobId: 1, attempt: -1 }, { name: 'attempts' })
    },
  }
}
