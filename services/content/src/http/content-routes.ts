import { ContentCreateBody, ContentPatchBody, validateBody } from '@cms/api-schema'
import { Router } from '@koa/router'
import type { Context } from 'koa'
import { toFullApiDocument } from '../domain/api-shape.ts'
import type { ContentService } from '../domain/content-service.ts'
import { draftView } from '../domain/document.ts'
import type { StoredDocument } from '../domain/document.ts'
import { etagOf } from '../domain/if-match.ts'
import { writeKeyOf } from '@cms/http'
import { parseDraftParam, parseFlag, parsePopulateParam } from './query-flags.ts'
import { localeOfQuery } from '../domain/locale-param.ts'

/** The document in the request's `locale` (documents of types without locales as they are). */
async function sendDocument(
  ctx: Context,
  service: ContentService,
  document: StoredDocument,
  status = 200,
): Promise<void> {
  const shown = await service.inLocale({
    caller: ctx.state.caller,
    document,
    locale: localeOfQuery(ctx.querystring),
  })
  ctx.status = status
  ctx.set('ETag', etagOf(document.version))
  ctx.body = toFullApiDocument(shown)
}

const ifMatchOf = (ctx: Context): string | undefined => ctx.get('if-match') || undefined

/** Spec section 4.2 under /api/content: reads in both modes, changes in write mode only. */
export function contentRoutes(service: ContentService, options: { writes: boolean }): Router {
  const router = new Router({ prefix: '/api/content' })
  addReads(router, service)
  if (options.writes) addWrites(router, service)
  return router
}

function addReads(router: Router, service: ContentService): void {
  router.get('/', async (ctx) => {
    ctx.body = await service.list({ caller: ctx.state.caller, queryString: ctx.querystring })
  })
  /** With `populate` the answer depends on other documents too, so it has no version ETag. */
  async function sendRead(ctx: Context, document: StoredDocument, draft: boolean) {
    const populate = parsePopulateParam(ctx.querystring)
    if (populate === undefined) return sendDocument(ctx, service, document)
    ctx.body = await service.present({
      caller: ctx.state.caller,
      draft,
      document,
      populate,
      locale: localeOfQuery(ctx.querystring),
    })
  }
  router.get('/by-slug/:type/:slug', async (ctx) => {
    const { type, slug } = ctx.params as { type: string; slug: string }
    const draft = parseDraftParam(ctx.querystring)
    const document = await service.bySlug({
      caller: ctx.state.caller,
      type,
      slug,
      draft,
      locale: localeOfQuery(ctx.querystring),
    })
    await sendRead(ctx, document, draft)
  })
  router.get('/:id', async (ctx) => {
    const draft = parseDraftParam(ctx.querystring)
    const document = await service.byId({ caller: ctx.state.caller, id: ctx.params.id!, draft })
    await sendRead(ctx, document, draft)
  })
  router.get('/:id/referenced-by', async (ctx) => {
    ctx.body = await service.referrers({
      caller: ctx.state.caller,
      id: ctx.params.id!,
      queryString: ctx.querystring,
    })
  })
  router.get('/:id/versions', async (ctx) => {
    ctx.body = await service.versions({
      caller: ctx.state.caller,
      id: ctx.params.id!,
      queryString: ctx.querystring,
    })
  })
}

function addWrites(router: Router, service: ContentService): void {
  router.post('/', async (ctx) => {
    const body = validateBody(ContentCreateBody, ctx.request.body, 'The document is invalid')
    const document = await service.create({
      caller: ctx.state.caller,
      writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
      ...body,
      locale: localeOfQuery(ctx.querystring),
    })
    ctx.set('Location', `/api/content/${document._id}`)
    await sendDocument(ctx, service, document, 201)
  })
  router.patch('/:id', async (ctx) => {
    const body = validateBody(ContentPatchBody, ctx.request.body, 'The change is invalid')
    const draft = parseDraftParam(ctx.querystring)
    const { document } = await service.update({
      caller: ctx.state.caller,
      writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
      id: ctx.params.id!,
      ifMatch: ifMatchOf(ctx),
      draft,
      discardDraft: parseFlag(ctx.querystring, 'discardDraft'),
      locale: localeOfQuery(ctx.querystring),
      ...body,
    })
    await sendDocument(ctx, service, draft ? draftView(document) : document)
  })
  router.delete('/:id/draft', async (ctx) => {
    const { document } = await service.discardDraft({
      caller: ctx.state.caller,
      writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
      id: ctx.params.id!,
      ifMatch: ifMatchOf(ctx),
    })
    await sendDocument(ctx, service, document)
  })
  router.delete('/:id', async (ctx) => {
    await service.remove({
      caller: ctx.state.caller,
      writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
      id: ctx.params.id!,
      ifMatch: ifMatchOf(ctx),
      force: parseFlag(ctx.querystring, 'force'),
    })
    ctx.status = 204
  })
  router.post('/:id/publish', async (ctx) => {
    const { document } = await service.publish({
      caller: ctx.state.caller,
      writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
      id: ctx.params.id!,
      ifMatch: ifMatchOf(ctx),
    })
    await sendDocument(ctx, service, document)
  })
  router.post('/:id/unpublish', async (ctx) => {
    const { document } = await service.unpublish({
      caller: ctx.state.caller,
      writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
      id: ctx.params.id!,
      ifMatch: ifMatchOf(ctx),
    })
    await sendDocument(ctx, service, document)
  })
  router.post('/:id/restore/:versionId', async (ctx) => {
    const { id, versionId } = ctx.params as { id: string; versionId: string }
    const { document } = await service.restore({
      caller: ctx.state.caller,
      writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
      id,
      versionId,
      ifMatch: ifMatchOf(ctx),
      discardDraft: parseFlag(ctx.querystring, 'discardDraft'),
    })
    await sendDocument(ctx, service, document)
  })
}
