import { Router } from '@koa/router'
import type { Scheduler } from '../schedules/scheduler.ts'

/** Extensions D under /api/content/:id/schedule: listed in both modes, changed in write mode. */
export function scheduleRoutes(scheduler: Scheduler, options: { writes: boolean }): Router {
  const router = new Router({ prefix: '/api/content/:id/schedule' })
  router.get('/', async (ctx) => {
    ctx.body = await scheduler.list({ caller: ctx.state.caller, id: ctx.params.id! })
  })
  if (!options.writes) return router
  router.post('/', async (ctx) => {
    ctx.status = 201
    ctx.body = await scheduler.schedule({
      caller: ctx.state.caller,
      id: ctx.params.id!,
      body: ctx.request.body,
    })
  })
  router.delete('/:scheduleId', async (ctx) => {
    const { id, scheduleId } = ctx.params as { id: string; scheduleId: string }
    await scheduler.cancel({ caller: ctx.state.caller, id, scheduleId })
    ctx.status = 204
  })
  return router
}
