import { Router } from '@koa/router'
import { mountOperations } from '@cms/http'
import { NO_AUDIT } from '../audit/content-audit.ts'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { Scheduler } from '../schedules/scheduler.ts'

/** Extensions D under /api/content/:id/schedule: listed in both modes, changed in write mode. */
export function scheduleRoutes(
  scheduler: Scheduler,
  options: { writes: boolean; audit?: ContentAudit },
): Router {
  const audit = options.audit ?? NO_AUDIT
  const router = mountOperations(new Router(), {
    listSchedules: async (ctx) => {
      ctx.body = await scheduler.list({ caller: ctx.state.caller, id: ctx.params.id })
    },
  })
  if (!options.writes) return router
  // A schedule is a change of its document: the document's activity lists it.
  const target = (id: string) => ({ kind: 'document', id })
  return mountOperations(router, {
    createSchedule: async (ctx) => {
      const schedule = await scheduler.schedule({
        caller: ctx.state.caller,
        id: ctx.params.id,
        body: ctx.state.input.body,
      })
      await audit.append(
        audit.recordOf(ctx, { action: 'schedule.create', target: target(ctx.params.id) }),
      )
      ctx.status = 201
      ctx.body = schedule
    },
    cancelSchedule: async (ctx) => {
      const { id, scheduleId } = ctx.params
      await scheduler.cancel({ caller: ctx.state.caller, id, scheduleId })
      await audit.append(audit.recordOf(ctx, { action: 'schedule.cancel', target: target(id) }))
      ctx.status = 204
    },
  })
}
