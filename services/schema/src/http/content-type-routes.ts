import { Router } from '@koa/router'
import type { ContentTypes } from '../domain/content-types.ts'
import { presentContentType } from './present-content-type.ts'

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

  // The website's revision is read before the type, so a type is never labelled newer than it
  // is; a client that holds the current one gets 304 without the definition being read at all.
  router.get(ITEM, async (ctx) => {
    const name = ctx.params.name ?? ''
    const etag = `"${await types.revision(ctx.state.caller)}-${name}"`
    if (ctx.get('if-none-match') === etag) {
      ctx.status = 304
      ctx.set('ETag', etag)
      return
    }
    ctx.body = presentContentType(await types.get(ctx.state.caller, name))
    ctx.set('ETag', etag)
  })

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
