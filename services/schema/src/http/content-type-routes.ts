import { Router } from '@koa/router'
import type { ContentTypes } from '../domain/content-types.ts'
import { presentContentType } from './present-content-type.ts'
import { answerTypeRead } from './type-etag.ts'

const COLLECTION = '/api/content-types'
const ITEM = `${COLLECTION}/:name`

/** Spec 4.1: thin translations between HTTP and the content-type use cases. */
export function contentTypeRoutes(types: ContentTypes): Router {
  const router = new Router()

  router.get(COLLECTION, async (ctx) => {
    const docs = await types.list(ctx.state.caller)
    ctx.body = { docs: docs.map(presentContentType) }
  })

  router.post(COLLECTION, async (ctx) => {
    const created = await types.create(ctx.state.caller, ctx.request.body)
    ctx.status = 201
    ctx.set('Location', `${COLLECTION}/${created.name}`)
    ctx.body = presentContentType(created)
  })

  router.get(ITEM, (ctx) =>
    answerTypeRead(ctx, types, async () =>
      presentContentType(await types.get(ctx.state.caller, ctx.params.name ?? '')),
    ),
  )

  router.patch(ITEM, async (ctx) => {
    ctx.body = presentContentType(
      await types.update(ctx.state.caller, ctx.params.name ?? '', ctx.request.body),
    )
  })

  router.delete(ITEM, async (ctx) => {
    await types.remove(ctx.state.caller, ctx.params.name ?? '')
    ctx.status = 204
  })

  return router
}
