import { Router } from '@koa/router'
import { auditedHandlers, mountOperations } from '@cms/http'
import type { AuditAppender } from '@cms/http'
import type { ContentTypes } from '../domain/content-types.ts'
import { presentContentType } from './present-content-type.ts'
import { answerTypeRead } from './type-etag.ts'
import { AUDITED_CONTENT_TYPES } from './audited-changes.ts'
import { cacheTags, surrogateKeyOf } from '@cms/contract'

/** Spec 4.1: thin translations between HTTP and the content-type use cases; changes audited. */
export function contentTypeRoutes(types: ContentTypes, audit: AuditAppender): Router {
  return mountOperations(
    new Router(),
    auditedHandlers(
      {
        listContentTypes: async (ctx) => {
          const docs = await types.list(ctx.state.caller)
          ctx.body = { docs: docs.map(presentContentType) }
        },
        createContentType: async (ctx) => {
          const created = await types.create(ctx.state.caller, ctx.request.body)
          ctx.status = 201
          ctx.set('Location', `/api/content-types/${created.name}`)
          ctx.body = presentContentType(created)
        },
        getContentType: async (ctx) => {
          await answerTypeRead(ctx, types, async () =>
            presentContentType(await types.get(ctx.state.caller, ctx.params.name)),
          )
          const { websiteId } = ctx.state.caller
          const tags = [cacheTags.website(websiteId), cacheTags.type(websiteId, ctx.params.name!)]
          ctx.set('Surrogate-Key', surrogateKeyOf(tags))
        },
        updateContentType: async (ctx) => {
          ctx.body = presentContentType(
            await types.update(ctx.state.caller, ctx.params.name, ctx.request.body),
          )
        },
        deleteContentType: async (ctx) => {
          await types.remove(ctx.state.caller, ctx.params.name)
          ctx.status = 204
        },
      },
      audit,
      AUDITED_CONTENT_TYPES,
    ),
    // The definition is checked by its use case, in one 422 with the content model's rules and
    // the website's relation targets (a PATCH merged into the stored definition first).
    { checkedLater: ['createContentType', 'updateContentType'] },
  )
}
