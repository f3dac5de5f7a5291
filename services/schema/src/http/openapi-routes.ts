import { Router } from '@koa/router'
import { buildPublicDocument } from '@cms/contract/openapi'
import { mountOperations } from '@cms/http'
import type { ContentTypes } from '../domain/content-types.ts'
import type { WebsiteLocales } from '../domain/website-locales.ts'

/**
 * `GET /api/openapi.json` (any key): the OpenAPI 3.1 document of the caller's website, built
 * here because this service holds the website's content types and locales (docs/schema.md).
 */
export function openApiRoutes(types: ContentTypes, locales: WebsiteLocales): Router {
  return mountOperations(new Router(), {
    getOpenApiDocument: async (ctx) => {
      const caller = ctx.state.caller
      const [list, localeList] = await Promise.all([types.list(caller), locales.get(caller)])
      ctx.set('Cache-Control', 'no-cache')
      ctx.body = buildPublicDocument({
        types: list,
        locales: localeList.map((locale) => locale.code),
      })
    },
  })
}
