import { Router } from '@koa/router'
import { mountOperations } from '@cms/http'
import type { WebsiteLocales } from '../domain/website-locales.ts'

/** `GET /api/locales` (any key) and `PUT /api/locales` (admin; `?force=true`), extensions.md B. */
export function localeRoutes(locales: WebsiteLocales): Router {
  return mountOperations(new Router(), {
    getLocales: async (ctx) => {
      ctx.body = { locales: await locales.get(ctx.state.caller) }
    },
    setLocales: async (ctx) => {
      const force = ctx.state.input.query.force === 'true'
      ctx.body = {
        locales: await locales.set(ctx.state.caller, ctx.state.input.body, { force }),
      }
    },
  })
}
