import { Router } from '@koa/router'
import { presentContentType } from './present-content-type.ts'
import { answerTypeRead } from './type-etag.ts'
import type { ContentTypes } from '../domain/content-types.ts'
import type { WebsiteLocales } from '../domain/website-locales.ts'

/**
 * Paths only other services call (the gateway routes no public path here):
 * `GET /internal/usage` for the admin API's quota view, and `GET /internal/field-declarations`
 * for the content service's list queries and relations: per type, each field's name and type,
 * a relation's `target` and `many`, and a component's fields, with the website's locales; never
 * whole definitions.
 * `GET /internal/content-types/:name`: one type and the website's locales, for writes.
 * Both answer component and blocks fields resolved (`fields`, `blocks`): the content service
 * never looks components up itself.
 */
export function internalRoutes(types: ContentTypes, locales: WebsiteLocales): Router {
  const router = new Router({ prefix: '/internal' })
  router.get('/usage', async (ctx) => {
    const [used, websiteLocales] = await Promise.all([
      types.usage(ctx.state.caller),
      locales.get(ctx.state.caller),
    ])
    ctx.body = { ...used, locales: websiteLocales.length }
  })
  router.get('/field-declarations', async (ctx) => {
    const [docs, websiteLocales] = await Promise.all([
      types.declarations(ctx.state.caller),
      locales.get(ctx.state.caller),
    ])
    ctx.body = { docs, locales: websiteLocales }
  })
  // One type with the website's locales, for writes; ETag as on the public path.
  router.get('/content-types/:name', (ctx) =>
    answerTypeRead(ctx, types, async () => {
      const [type, websiteLocales] = await Promise.all([
        types.getResolved(ctx.state.caller, ctx.params.name ?? ''),
        locales.get(ctx.state.caller),
      ])
      return { type: presentContentType(type), locales: websiteLocales }
    }),
  )
  return router
}
