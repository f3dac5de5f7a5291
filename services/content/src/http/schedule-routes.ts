import { Router } from '@koa/router'
import { auditedHandlers, mountOperations } from '@cms/http'
import type { OperationHandlers } from '@cms/http'
import { AUDITED_SCHEDULES } from '../audit/audited-changes.ts'
import { NO_AUDIT } from '../audit/content-audit.ts'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { Scheduler } from '../schedules/scheduler.ts'

/** Extensions D under /api/content/:id/schedule: listed in both modes, changed in write mode. */
export function scheduleRoutes(
  scheduler: Scheduler,
  options: { writes: boolean; audit?: ContentAudit },
): Router {
  const router = mountOperations(new Router(), {
    listSchedules: async (ctx) => {
      ctx.body = await scheduler.list({ caller: ctx.state.caller, id: ctx.params.id })
    },
  })
  if (!options.writes) return router
  const changes = {
    createSchedule: async (ctx) => {
      ctx.status = 201
      ctx.body = await scheduler.schedule({
        caller: ctx.state.caller,
        id: ctx.params.id,
        body: ctx.state.input.body,
      })
    },
    cancelSchedule: async (ctx) => {
      const { id, scheduleId } = ctx.params
      await scheduler.cancel({ caller: ctx.state.caller, id, scheduleId })
      ctx.status = 204
    },
  } satisfies OperationHandlers<'createSchedule' | 'cancelSchedule'>
  const { appender } = options.audit ?? NO_AUDIT
  return mountOperations(router, auditedHandlers(changes, appender, AUDITED_SCHEDULES))
}
