import type { Db } from 'mongodb'
import { insertUnlessTaken } from '@cms/mongo'
import type { PurgeBatchResult } from '@cms/website-data'
import type { Purge, PurgeReason, PurgeStepName } from '../lifecycle/purge.ts'

type PurgeDocument = Omit<Purge, 'websiteId'> & { _id: string }

export interface PurgesRepository {
  ensureIndexes(): Promise<void>
  /** Records a new purge; false when the website already has one. */
  insert(purge: Purge): Promise<boolean>
  find(websiteId: string): Promise<Purge | undefined>
  /** Purges not done yet (imports under way among them), oldest first. */
  unfinished(limit: number): Promise<Purge[]>
  recordBatch(
    websiteId: string,
    step: PurgeStepName,
    result: PurgeBatchResult,
    at: Date,
  ): Promise<void>
  recordError(websiteId: string, step: PurgeStepName, message: string, at: Date): Promise<void>
  finish(websiteId: string, at: Date): Promise<void>
  /** An import under way is still alive until `until`. */
  holdUntil(websiteId: string, until: Date): Promise<void>
  /** An import failed or died: its records are purged from now on. */
  startHeld(websiteId: string, reason: PurgeReason, at: Date): Promise<void>
  /** An import finished: nothing is to be purged. */
  release(websiteId: string): Promise<void>
}

const toPurge = ({ _id, ...rest }: PurgeDocument): Purge => ({ websiteId: _id, ...rest })

export function createPurgesRepository(db: Db): PurgesRepository {
  const purges = db.collection<PurgeDocument>('purges')
  return {
    async ensureIndexes() {
      await purges.createIndex({ state: 1, requestedAt: 1 }, { name: 'unfinished' })
    },
    insert: ({ websiteId, ...rest }) => insertUnlessTaken(purges, { _id: websiteId, ...rest }),
    async find(websiteId) {
      const found = await purges.findOne({ _id: websiteId })
      return found ? toPurge(found) : undefined
    },
    async unfinished(limit) {
      const found = await purges
        .find({ state: { $in: ['importing', 'running'] } })
        .sort({ requestedAt: 1 })
        .limit(limit)
        .toArray()
      return found.map(toPurge)
    },
    async recordBatch(websiteId, step, result, at) {
      const inc: Record<string, number> = { [`steps.${step}.batches`]: 1 }
      for (const [label, count] of Object.entries(result.removed))
        inc[`steps.${step}.removed.${label}`] = count
      await purges.updateOne(
        { _id: websiteId },
        {
          $inc: inc,
          $set: {
            [`steps.${step}.state`]: result.done ? 'done' : 'running',
            [`steps.${step}.lastError`]: null,
            updatedAt: at,
          },
        },
      )
    },
    async recordError(websiteId, step, message, at) {
      await purges.updateOne(
        { _id: websiteId },
        { $set: { [`steps.${step}.lastError`]: message, updatedAt: at } },
      )
    },
    async finish(websiteId, at) {
      await purges.updateOne(
        { _id: websiteId },
        { $set: { state: 'done', finishedAt: at, updatedAt: at } },
      )
    },
    async holdUntil(websiteId, until) {
      await purges.updateOne({ _id: websiteId }, { $set: { heldUntil: until } })
    },
    async startHeld(websiteId, reason, at) {
      await purges.updateOne(
        { _id: websiteId },
        {
          $set: { state: 'running', reason, notBefore: at, updatedAt: at },
          $unset: { heldUntil: '' },
        },
      )
    },
    async release(websiteId) {
      await purges.deleteOne({ _id: websiteId, state: 'importing' })
    },
  }
}
