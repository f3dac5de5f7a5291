import { BUILT_IN_ROLES } from '@cms/contract'
import { NotFoundError } from '@cms/errors'
import type { Logger } from '@cms/logger'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { ContentService } from '../domain/content-service.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { SCHEDULE_MEMBER } from './schedule.ts'
import type { StoredSchedule } from './schedule.ts'
import type { SchedulesCollection } from './schedules-collection.ts'

export interface ScheduleRunner {
  start(): void
  stop(): Promise<void>
}

/**
 * Runs due schedules in every content-write instance; each run is claimed first (an insert,
 * atomic on both servers), so one instance runs it, and a claim older than `leaseMs` (its
 * instance died mid-run) is claimed again. The action is the ordinary publish or unpublish, with
 * its version, event and audit entry (the system's); a document already in that state, or gone,
 * closes it with none of them.
 */
export function createScheduleRunner(deps: {
  schedules: SchedulesCollection
  service: Pick<ContentService, 'publish' | 'unpublish'>
  store: Pick<DocumentStore, 'setSchedule'>
  audit: Pick<ContentAudit, 'systemRecordOf'>
  clock: () => Date
  logger: Logger
  pollMs?: number
  leaseMs?: number
}): ScheduleRunner {
  const pollMs = deps.pollMs ?? 500
  const leaseMs = deps.leaseMs ?? 30_000
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let stopped = true

  async function run(schedule: StoredSchedule): Promise<void> {
    const caller = {
      websiteId: schedule.websiteId,
      keyId: schedule.createdBy,
      permissions: BUILT_IN_ROLES.owner,
    }
    // Cleared first, so a document that shows the change no longer shows it as scheduled.
    const member = SCHEDULE_MEMBER[schedule.action]
    await deps.store.setSchedule(schedule.websiteId, schedule.documentId, member, null, schedule.at)
    try {
      const audit = deps.audit.systemRecordOf({
        websiteId: schedule.websiteId,
        action: 'schedule.run',
        target: { kind: 'document', id: schedule.documentId },
      })
      await deps.service[schedule.action]({ caller, id: schedule.documentId, audit })
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error
    }
    await deps.schedules.close(schedule)
  }

  async function tick(): Promise<void> {
    const now = deps.clock()
    for (const schedule of await deps.schedules.due(now, 20)) {
      if (stopped) return
      if (!(await deps.schedules.claimRun(schedule.scheduleId, now, leaseMs))) continue
      await run(schedule).catch((error: unknown) =>
        deps.logger.warn(
          { err: error, scheduleId: schedule.scheduleId },
          'schedule run failed; it is retried after its lease',
        ),
      )
    }
  }

  function next(delayMs: number): void {
    if (stopped) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'schedule poll failed'))
        .finally(() => {
          running = undefined
          next(pollMs)
        })
    }, delayMs)
  }

  return {
    start() {
      stopped = false
      next(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
