import { Router } from '@koa/router'
import type { Context } from 'koa'
import { toFullApiDocument } from '../document/api-shape.ts'
import type { ContentService } from '../domain/content-service.ts'
import { draftView } from '../document/document.ts'
import type { StoredDocument } from '../document/document.ts'
import { etagOf } from '../domain/if-match.ts'
import { mountOperations, writeKeyOf } from '@cms/http'
import type { OperationHandlers } from '@cms/http'
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

/** What every change of one document says: who, its idempotency key, which one, which version. */
const changeOf = (ctx: Context & { params: { id: string } }) => ({
  caller: ctx.state.caller,
  writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
  id: ctx.params.id,
  ifMatch: ifMatchOf(ctx),
})

/** Spec section 4.2 under /api/content: reads in both modes, changes in write mode only. */
export function contentRoutes(service: ContentService, options: { writes: boolean }): Router {
  const router = mountOperations(new Router(), documentReads(service))
  return options.writes ? mountOperations(router, documentChanges(service)) : router
}

/** With `populate` the answer depends on other documents too, so it has no version ETag. */
async function sendRead(
  ctx: Context,
  service: ContentService,
  document: StoredDocument,
  draft: boolean,
) {
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

const documentReads = (service: ContentService) =>
  ({
    listDocuments: async (ctx) => {
      ctx.body = await service.list({ caller: ctx.state.caller, queryString: ctx.querystring })
    },
    getDocumentBySlug: async (ctx) => {
      const { type, slug } = ctx.params
      const draft = parseDraftParam(ctx.querystring)
      const document = await service.bySlug({
        caller: ctx.state.caller,
        type,
        slug,
        draft,
        locale: localeOfQuery(ctx.querystring),
      })
      await sendRead(ctx, service, document, draft)
    },
    getDocument: async (ctx) => {
      const draft = parseDraftParam(ctx.querystring)
      const document = await service.byId({ caller: ctx.state.caller, id: ctx.params.id, draft })
      await sendRead(ctx, service, document, draft)
    },
    listReferrers: async (ctx) => {
      ctx.body = await service.referrers({
        caller: ctx.state.caller,
        id: ctx.params.id,
        queryString: ctx.querystring,
      })
    },
    listVersions: async (ctx) => {
      ctx.body = await service.versions({
        caller: ctx.state.caller,
        id: ctx.params.id,
        queryString: ctx.querystring,
      })
    },
  }) satisfies OperationHandlers<
    'listDocuments' | 'getDocumentBySlug' | 'getDocument' | 'listReferrers' | 'listVersions'
  >

const documentChanges = (service: ContentService) =>
  ({
    createDocument: async (ctx) => {
      const document = await service.create({
        caller: ctx.state.caller,
        writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
        ...ctx.state.input.body,
        locale: localeOfQuery(ctx.querystring),
      })
      ctx.set('Location', `/api/content/${document._id}`)
      await sendDocument(ctx, service, document, 201)
    },
    updateDocument: async (ctx) => {
      const draft = parseDraftParam(ctx.querystring)
      const { document } = await service.update({
        ...changeOf(ctx),
        draft,
        discardDraft: parseFlag(ctx.querystring, 'discardDraft'),
        locale: localeOfQuery(ctx.querystring),
        ...ctx.state.input.body,
      })
      await sendDocument(ctx, service, draft ? draftView(document) : document)
    },
    discardDraft: async (ctx) => {
      const { document } = await service.discardDraft(changeOf(ctx))
      await sendDocument(ctx, service, document)
    },
    deleteDocument: async (ctx) => {
      await service.remove({
        ...changeOf(ctx),
        force: parseFlag(ctx.querystring, 'force'),
      })
      ctx.status = 204
    },
    publishDocument: async (ctx) => {
      const { document } = await service.publish(changeOf(ctx))
      await sendDocument(ctx, service, document)
    },
    unpublishDocument: async (ctx) => {
      const { document } = await service.unpublish(changeOf(ctx))
      await sendDocument(ctx, service, document)
    },
    restoreVersion: async (ctx) => {
      const { document } = await service.restore({
        ...changeOf(ctx),
        versionId: ctx.params.versionId,
        discardDraft: parseFlag(ctx.querystring, 'discardDraft'),
      })
      await sendDocument(ctx, service, document)
    },
  }) satisfies OperationHandlers<
    | 'createDocument'
    | 'updateDocument'
    | 'discardDraft'
    | 'deleteDocument'
    | 'publishDocument'
    | 'unpublishDocument'
    | 'restoreVersion'
  >
