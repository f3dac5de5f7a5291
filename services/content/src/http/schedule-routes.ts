import { Router } from '@koa/router'
import { mountOperations } from '@cms/http'
import type { Scheduler } from '../schedules/scheduler.ts'

/** Extensions D under /api/content/:id/schedule: listed in both modes, changed in write mode. */
export function scheduleRoutes(scheduler: Scheduler, options: { writes: boolean }): Router {
  const router = mountOperations(new Router(), {
    listSchedules: async (ctx) => {
      ctx.body = await scheduler.list({ caller: ctx.state.caller, id: ctx.params.id })
    },
  })
  if (!options.writes) return router
  return mountOperations(router, {
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
  })
}
