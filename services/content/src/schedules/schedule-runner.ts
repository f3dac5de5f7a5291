import { BUILT_IN_ROLES } from '@cms/contract'
import { NotFoundError, ValidationError } from '@cms/errors'
import type { Logger } from '@cms/logger'
import { createWakeableLoop } from '../background/wakeable-loop.ts'
import type { ContentAudit, SystemChange } from '../audit/content-audit.ts'
import type { ContentService } from '../domain/content-service.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { SCHEDULE_MEMBER } from './schedule.ts'
import type { StoredSchedule } from './schedule.ts'
import type { SchedulesCollection } from './schedules-collection.ts'

/** Schedules read per look: the due ones first, then the next to fall due. */
const BATCH = 20

export interface ScheduleRunner {
  start(): void
  /** A schedule was set here: look again now instead of at the time the runner meant to. */
  wake(): void
  stop(): Promise<void>
}

/**
 * Runs due schedules in every content-write instance; each run is claimed first (an insert,
 * atomic on both servers), so one instance runs it, and a claim older than `leaseMs` (its
 * instance died mid-run) is claimed again. The action is the ordinary publish or unpublish, with
 * its version, event and audit entry (the system's); a document already in that state, or gone,
 * closes it with none of them. A publish the document's type now refuses (it was tightened after
 * the schedule was set) closes it too, changing nothing, with a `failure` entry naming the fields:
 * retrying cannot make it pass, and the editor's activity shows why the document is not live.
 *
 * Between runs it sleeps until the earliest schedule is due, woken when this instance sets one,
 * and at most `idleMs`: how late a schedule set on another instance runs should that instance die
 * before its time (docs/content.md, "Schedules").
 */
export function createScheduleRunner(deps: {
  schedules: SchedulesCollection
  service: Pick<ContentService, 'publish' | 'unpublish'>
  store: Pick<DocumentStore, 'setSchedule'>
  audit: Pick<ContentAudit, 'systemRecordOf' | 'appender'>
  clock: () => Date
  logger: Logger
  /** How soon a due schedule this runner could not run (claimed elsewhere, failed) is looked at again. */
  pollMs?: number
  idleMs?: number
  leaseMs?: number
}): ScheduleRunner {
  let stopped = true
  const pollMs = deps.pollMs ?? 500
  const idleMs = deps.idleMs ?? 10_000
  const leaseMs = deps.leaseMs ?? 30_000

  async function run(schedule: StoredSchedule): Promise<void> {
    const caller = {
      websiteId: schedule.websiteId,
      keyId: schedule.createdBy,
      permissions: BUILT_IN_ROLES.owner,
    }
    // Cleared first, so a document that shows the change no longer shows it as scheduled.
    const member = SCHEDULE_MEMBER[schedule.action]
    await deps.store.setSchedule(schedule.websiteId, schedule.documentId, member, null, schedule.at)
    const change = {
      websiteId: schedule.websiteId,
      action: 'schedule.run',
      target: { kind: 'document', id: schedule.documentId },
    }
    try {
      const audit = deps.audit.systemRecordOf(change)
      await deps.service[schedule.action]({ caller, id: schedule.documentId, audit })
    } catch (error) {
      if (error instanceof ValidationError) await refused(schedule, change, error)
      else if (!(error instanceof NotFoundError)) throw error
    }
    await deps.schedules.close(schedule)
  }

  async function refused(
    schedule: StoredSchedule,
    change: SystemChange,
    error: ValidationError,
  ): Promise<void> {
    const changes = (error.details ?? []).map((detail) => detail.path)
    deps.logger.warn(
      { scheduleId: schedule.scheduleId, documentId: schedule.documentId, fields: changes },
      'scheduled change refused: the document is not valid for its type; the schedule is closed',
    )
    const record = deps.audit.systemRecordOf({ ...change, outcome: 'failure', changes })
    if (record) await deps.audit.appender.append(record)
  }

  /** Runs what is due; answers how long to sleep before the next look. */
  async function tick(): Promise<number> {
    const now = deps.clock()
    const earliest = await deps.schedules.earliest(BATCH)
    let left = false
    for (const schedule of earliest) {
      if (stopped) return idleMs
      const dueInMs = schedule.at.getTime() - now.getTime()
      if (dueInMs > 0) return Math.min(dueInMs, left ? pollMs : idleMs)
      if (!(await deps.schedules.claimRun(schedule.scheduleId, now, leaseMs))) {
        left = true
        continue
      }
      await run(schedule).catch((error: unknown) => {
        left = true
        deps.logger.warn(
          { err: error, scheduleId: schedule.scheduleId },
          'schedule run failed; it is retried after its lease',
        )
      })
    }
    if (earliest.length === BATCH) return left ? pollMs : 0
    return left ? pollMs : idleMs
  }

  const loop = createWakeableLoop({
    look: tick,
    failed: (error) => {
      deps.logger.warn({ err: error }, 'schedule poll failed')
      return pollMs
    },
  })
  return {
    start() {
      stopped = false
      loop.start()
    },
    wake: () => loop.wake(),
    async stop() {
      stopped = true
      await loop.stop()
    },
  }
}
