import { Router } from '@koa/router'
import { localeCodeProblem, MAX_LOCALES } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { MediaStore } from '../media/media-store.ts'
import type { DocumentStore } from '../document/document-store.ts'

/**
 * Paths only other services call (the gateway routes no public path here):
 * `GET /internal/locales-in-use?codes=fr,de` tells the schema service which of those locales
 * documents of the caller's website have values in, before it removes them;
 * `GET /internal/usage` the bytes of its media, for the admin API's quota view.
 */
export function internalRoutes(
  store: Pick<DocumentStore, 'localesInUse'>,
  media: Pick<MediaStore, 'bytesOf'>,
): Router {
  const router = new Router({ prefix: '/internal' })
  router.get('/usage', async (ctx) => {
    ctx.body = { mediaBytes: await media.bytesOf(ctx.state.caller.websiteId) }
  })
  router.get('/locales-in-use', async (ctx) => {
    const codes = (new URLSearchParams(ctx.querystring).get('codes') ?? '').split(',')
    if (codes.length > MAX_LOCALES || codes.some((code) => localeCodeProblem(code)))
      throw ValidationError.single('codes', `must list up to ${MAX_LOCALES} locale codes`)
    ctx.body = { inUse: await store.localesInUse(ctx.state.caller.websiteId, codes) }
  })
  return router
}
