import type { Db } from 'mongodb'
import { insertUnlessTaken, isDuplicateKeyError } from '@cms/mongo'
import type { ScheduleAction, StoredSchedule } from './schedule.ts'

/** One claim to run a schedule: whoever inserts attempt n first runs it (docs/content.md). */
interface RunClaim {
  _id: string
  scheduleId: string
  attempt: number
  createdAt: Date
}

export interface SchedulesCollection {
  /**
   * The pending schedule of `action` for the document is this one now (replacing any other).
   * By its slot (`_id`) alone: it only writes the caller's schedule, so a record of another
   * website in that slot (which an import never lets in) would be replaced, never taken over.
   */
  put(schedule: StoredSchedule): Promise<void>
  pendingOf(websiteId: string, documentId: string): Promise<StoredSchedule[]>
  /** False when no such pending schedule exists. */
  remove(websiteId: string, documentId: string, scheduleId: string): Promise<boolean>
  /** The schedules that fall due first, due or not (one read tells what is due and what next). */
  earliest(limit: number): Promise<StoredSchedule[]>
  /**
   * Claims the next run of a schedule unless another claim is younger than `leaseMs` (its
   * runner may still be at work); true when this caller won it.
   */
  claimRun(scheduleId: string, now: Date, leaseMs: number): Promise<boolean>
  /** A run finished: the schedule (if still this one, of its website) and its claims go. */
  close(schedule: StoredSchedule): Promise<void>
  ensureIndexes(): Promise<void>
}

export const slotOf = (documentId: string, action: ScheduleAction): string =>
  `${documentId}:${action}`

export function schedulesCollection(db: Db): SchedulesCollection {
  const schedules = db.collection<StoredSchedule>('schedules')
  const runs = db.collection<RunClaim>('schedule_runs')
  return {
    async put(schedule) {
      const write = () => schedules.replaceOne({ _id: schedule._id }, schedule, { upsert: true })
      try {
        await write()
      } catch (error) {
        // Two upserts of one slot at once: the loser's insert is a duplicate; it replaces now.
        if (!isDuplicateKeyError(error)) throw error
        await write()
      }
    },
    pendingOf: (websiteId, documentId) =>
      schedules.find({ documentId, websiteId }).sort({ at: 1, _id: 1 }).toArray(),
    async remove(websiteId, documentId, scheduleId) {
      const removed = await schedules.deleteOne({ documentId, websiteId, scheduleId })
      return removed.deletedCount > 0
    },
    earliest: (limit) => schedules.find({}).sort({ at: 1, _id: 1 }).limit(limit).toArray(),
    async claimRun(scheduleId, now, leaseMs) {
      const [latest] = await runs.find({ scheduleId }).sort({ attempt: -1 }).limit(1).toArray()
      if (latest && now.getTime() - latest.createdAt.getTime() < leaseMs) return false
      const attempt = (latest?.attempt ?? 0) + 1
      return insertUnlessTaken(runs, {
        _id: `${scheduleId}:${attempt}`,
        scheduleId,
        attempt,
        createdAt: now,
      })
    },
    async close(schedule) {
      await schedules.deleteOne({
        _id: schedule._id,
        scheduleId: schedule.scheduleId,
        websiteId: schedule.websiteId,
      })
      await runs.deleteMany({ scheduleId: schedule.scheduleId })
    },
    async ensureIndexes() {
      await schedules.createIndex({ at: 1, _id: 1 }, { name: 'due' })
      await schedules.createIndex(
        { documentId: 1, websiteId: 1, at: 1, _id: 1 },
        { name: 'document' },
      )
      await runs.createIndex({ scheduleId: 1, attempt: -1 }, { name: 'attempts' })
    },
  }
}
