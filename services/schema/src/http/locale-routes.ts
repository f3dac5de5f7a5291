import { Router } from '@koa/router'
import type { WebsiteLocales } from '../domain/website-locales.ts'

const PATH = '/api/locales'

/** `GET /api/locales` (any key) and `PUT /api/locales` (admin; `?force=true`), extensions.md B. */
export function localeRoutes(locales: WebsiteLocales): Router {
  const router = new Router()
  router.get(PATH, async (ctx) => {
    ctx.body = { locales: await locales.get(ctx.state.caller) }
  })
  router.put(PATH, async (ctx) => {
    const force = new URLSearchParams(ctx.querystring).get('force') === 'true'
    ctx.body = {
      locales: await locales.set(ctx.state.caller, ctx.request.body, { force }),
    }
  })
  return router
}
