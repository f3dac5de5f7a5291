import { Router } from '@koa/router'
import { mountOperations } from '@cms/http'
import type { Sync } from './sync-documents.ts'

/** `GET /api/sync` on the read service. */
export function syncRoute(sync: Sync): Router {
  return mountOperations(new Router(), {
    sync: async (ctx) => {
      ctx.body = await sync({ caller: ctx.state.caller, query: ctx.state.input.query })
    },
  })
}
