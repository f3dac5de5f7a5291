import { randomUUID } from 'node:crypto'
import type { ScheduleCreateBody } from '@cms/contract'
import { NotFoundError, ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { pageEnvelope } from '@cms/pagination'
import type { PageEnvelope } from '@cms/pagination'
import { findOwnedDocument } from '../domain/document-access.ts'
import { callTypes } from '../domain/visible-types.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { SCHEDULE_ACTIONS, SCHEDULE_MEMBER, toApiSchedule } from './schedule.ts'
import type { ApiSchedule, ScheduleAction, StoredSchedule } from './schedule.ts'
import { slotOf } from './schedules-collection.ts'
import type { SchedulesCollection } from './schedules-collection.ts'

/**
 * `{action, at}` as the schema admits it (the route checked it) with `at` in the future, which
 * a schema cannot say.
 */
export function scheduleOf(
  sent: ScheduleCreateBody,
  now: Date,
): { action: ScheduleAction; at: Date } {
  if (new Date(sent.at).getTime() <= now.getTime())
    throw new ValidationError('The schedule is invalid', [
      { path: 'at', message: 'must be in the future' },
    ])
  return { action: sent.action, at: new Date(sent.at) }
}

/** The schedule endpoints of a document (extensions D): set or replace, list, cancel. */
export function createScheduler(deps: {
  schedules: SchedulesCollection
  store: Pick<DocumentStore, 'findDocument' | 'setSchedule'>
  clock: () => Date
  /** A schedule was set (the runner sleeps until the earliest it knows of). */
  onScheduled?: () => void
}) {
  return {
    async schedule(input: {
      caller: Caller
      id: string
      body: ScheduleCreateBody
    }): Promise<ApiSchedule> {
      const { caller } = input
      const now = deps.clock()
      const { action, at } = scheduleOf(input.body, now)
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
      deps.onScheduled?.()
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
      // Schedules do not say their document's type: a call restricted to types finds it first.
      if (callTypes(caller) !== undefined) await findOwnedDocument(deps.store, caller, input.id)
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
