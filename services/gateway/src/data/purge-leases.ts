import type { Db } from 'mongodb'
import { insertUnlessTaken } from '@cms/mongo'

/** One per taking of a purge: `<websiteId>:<n>`, so two runners cannot both take turn n. */
interface LeaseDocument {
  _id: string
  purgeId: string
  attempt: number
  owner: string | null
  takenAt: Date
}

export interface PurgeLeases {
  ensureIndexes(): Promise<void>
  /**
   * Takes (or renews) the purge for `owner` unless another owner's lease is younger than
   * `leaseMs`; true when `owner` holds it now.
   */
  take(purgeId: string, owner: string, now: Date, leaseMs: number): Promise<boolean>
  /** Gives the purge up at once (a runner that stops), so another runner goes on without waiting. */
  giveUp(purgeId: string, owner: string): Promise<void>
  /** The purge is done: its leases go. */
  drop(purgeId: string): Promise<void>
}

/**
 * Who works on a purge, decided by inserts (atomic on MongoDB and FerretDB alike, where a
 * conditional update is not; the schedule runner claims its runs the same way). Only one gateway
 * instance works on a purge at a time, so its progress counts are written by one writer.
 */
export function createPurgeLeases(db: Db): PurgeLeases {
  const leases = db.collection<LeaseDocument>('purge_leases')
  const latest = async (purgeId: string) =>
    (await leases.find({ purgeId }).sort({ attempt: -1 }).limit(1).toArray())[0]
  const insert = (purgeId: string, attempt: number, owner: string | null, takenAt: Date) =>
    insertUnlessTaken(leases, { _id: `${purgeId}:${attempt}`, purgeId, attempt, owner, takenAt })
  return {
    async ensureIndexes() {
      await leases.createIndex({ purgeId: 1, attempt: -1 }, { name: 'latest' })
    },
    async take(purgeId, owner, now, leaseMs) {
      const current = await latest(purgeId)
      const free =
        !current || current.owner === owner || now.getTime() - current.takenAt.getTime() >= leaseMs
      if (!free) return false
      return insert(purgeId, (current?.attempt ?? 0) + 1, owner, now)
    },
    async giveUp(purgeId, owner) {
      const current = await latest(purgeId)
      if (current?.owner === owner) await insert(purgeId, current.attempt + 1, null, new Date(0))
    },
    async drop(purgeId) {
      await leases.deleteMany({ purgeId })
    },
  }
}
