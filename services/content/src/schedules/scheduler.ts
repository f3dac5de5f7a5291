import { randomUUID } from 'node:crypto'
import { isIsoDateTime } from '@cms/content-model'
import { NotFoundError, ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { requireAdminScope } from '@cms/http'
import type { Caller } from '@cms/http'
import { pageEnvelope } from '@cms/pagination'
import type { PageEnvelope } from '@cms/pagination'
import { findOwnedDocument } from '../domain/document-access.ts'
import type { ContentStore } from '../store/content-store.ts'
import { SCHEDULE_ACTIONS, SCHEDULE_MEMBER, toApiSchedule } from './schedule.ts'
import type { ApiSchedule, ScheduleAction, StoredSchedule } from './schedule.ts'
import { slotOf } from './schedules-collection.ts'
import type { SchedulesCollection } from './schedules-collection.ts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `{action, at}`: a known action and an ISO 8601 date-time with an offset, in the future. */
export function parseScheduleBody(body: unknown, now: Date): { action: ScheduleAction; at: Date } {
  if (!isRecord(body)) throw ValidationError.single('', 'must be a JSON object')
  const problems: ErrorDetail[] = Object.keys(body)
    .filter((key) => key !== 'action' && key !== 'at')
    .map((key) => ({ path: key.slice(0, 100), message: 'is not accepted here; send action, at' }))
  const { action, at } = body
  if (!(SCHEDULE_ACTIONS as readonly unknown[]).includes(action)) {
    problems.push({ path: 'action', message: `must be one of: ${SCHEDULE_ACTIONS.join(', ')}` })
  }
  if (typeof at !== 'string' || !isIsoDateTime(at)) {
    problems.push({
      path: 'at',
      message: 'must be an ISO 8601 date-time with an offset, e.g. 2030-05-01T12:00:00Z',
    })
  } else if (new Date(at).getTime() <= now.getTime()) {
    problems.push({ path: 'at', message: 'must be in the future' })
  }
  if (problems.length > 0) throw new ValidationError('The schedule is invalid', problems)
  return { action: action as ScheduleAction, at: new Date(at as string) }
}

/** The schedule endpoints of a document (extensions D): set or replace, list, cancel. */
export function createScheduler(deps: {
  schedules: SchedulesCollection
  store: Pick<ContentStore, 'findDocument' | 'setSchedule'>
  clock: () => Date
}) {
  return {
    async schedule(input: { caller: Caller; id: string; body: unknown }): Promise<ApiSchedule> {
      const { caller } = input
      requireAdminScope(caller)
      const now = deps.clock()
      const { action, at } = parseScheduleBody(input.body, now)
      await findOwnedDocument(deps.store, caller, input.id)
      const schedule: StoredSchedule = {
        _id: slotOf(input.id, action),
        scheduleId: randomUUID(),
        websiteId: caller.websiteId,
        documentId: input.id,
        action,
        at,
        createdAt: now,
        createdBy: caller.keyId,
      }
      await deps.schedules.put(schedule)
      const shown = await deps.store.setSchedule(
        caller.websiteId,
        input.id,
        SCHEDULE_MEMBER[action],
        at,
      )
      if (!shown) {
        // Deleted meanwhile: the schedule would only be closed at its time.
        await deps.schedules.remove(caller.websiteId, input.id, schedule.scheduleId)
        throw new NotFoundError(`No document ${input.id}`)
      }
      return toApiSchedule(schedule)
    },

    async list(input: { caller: Caller; id: string }): Promise<PageEnvelope<ApiSchedule>> {
      requireAdminScope(input.caller)
      await findOwnedDocument(deps.store, input.caller, input.id)
      const pending = await deps.schedules.pendingOf(input.caller.websiteId, input.id)
      // At most one per action: always one page.
      return pageEnvelope(pending.map(toApiSchedule), pending.length, {
        page: 1,
        limit: SCHEDULE_ACTIONS.length,
      })
    },

    async cancel(input: { caller: Caller; id: string; scheduleId: string }): Promise<void> {
      const { caller } = input
      requireAdminScope(caller)
      const pending = await deps.schedules.pendingOf(caller.websiteId, input.id)
      const schedule = pending.find((candidate) => candidate.scheduleId === input.scheduleId)
      if (
        !schedule ||
        !(await deps.schedules.remove(caller.websiteId, input.id, input.scheduleId))
      ) {
        throw new NotFoundError(`No pending schedule ${input.scheduleId} of document ${input.id}`)
      }
      const member = SCHEDULE_MEMBER[schedule.action]
      await deps.store.setSchedule(caller.websiteId, input.id, member, null, schedule.at)
    },
  }
}

export type Scheduler = ReturnType<typeof createScheduler>
