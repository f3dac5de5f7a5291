import { Router } from '@koa/router'
import { mountOperations } from '@cms/http'
import type { Components } from '../domain/components.ts'
import type { ContentTypes } from '../domain/content-types.ts'
import { openApiDocumentFor } from '../domain/openapi-for-caller.ts'
import type { WebsiteLocales } from '../domain/website-locales.ts'

/**
 * `GET /api/openapi.json` (any key): the OpenAPI 3.1 document of the caller's website as the
 * caller may use it, built here because this service holds the website's content types,
 * components and locales (docs/schema.md). Never cached: it varies by key (Cache-Control: no-cache).
 */
export function openApiRoutes(
  types: ContentTypes,
  components: Components,
  locales: WebsiteLocales,
): Router {
  return mountOperations(new Router(), {
    getOpenApiDocument: async (ctx) => {
      const caller = ctx.state.caller
      // The three read the same cached list (one small index read while it is current).
      const [list, componentList, localeList] = await Promise.all([
        types.list(caller),
        components.list(caller),
        locales.get(caller),
      ])
      ctx.set('Cache-Control', 'no-cache')
      ctx.body = openApiDocumentFor(caller, {
        types: list,
        components: componentList,
        locales: localeList.map((locale) => locale.code),
      })
    },
  })
}
