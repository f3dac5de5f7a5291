import { Router } from '@koa/router'
import type { Context } from 'koa'
import { toFullApiDocument } from '../document/api-shape.ts'
import { NO_AUDIT } from '../audit/content-audit.ts'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { ContentService } from '../domain/content-service.ts'
import { draftView } from '../document/document.ts'
import type { StoredDocument } from '../document/document.ts'
import { etagOf } from '../domain/if-match.ts'
import { mountOperations, writeKeyOf } from '@cms/http'
import type { OperationHandlers } from '@cms/http'
import type { ContentReadQuery } from '@cms/contract'
import { pageRequestOf } from '@cms/pagination'
import { cacheTags } from '@cms/contract'
import { documentAnswerTags, tagAnswer } from './answer-tags.ts'
import { fencedReads } from '../releases/fenced-reads.ts'
import type { ReadFence } from '../releases/read-fence.ts'

/** The document in the asked `locale` (documents of types without locales as they are). */
async function sendDocument(
  ctx: Context,
  service: ContentService,
  document: StoredDocument,
  options: { locale?: string | undefined; status?: number },
): Promise<void> {
  const shown = await service.inLocale({
    caller: ctx.state.caller,
    document,
    locale: options.locale,
  })
  ctx.status = options.status ?? 200
  ctx.set('ETag', etagOf(document.version))
  ctx.body = toFullApiDocument(shown)
}

const ifMatchOf = (ctx: Context): string | undefined => ctx.get('if-match') || undefined

/**
 * What every change of one document says: who, its idempotency key, which one, which version,
 * and its audit record (the commit adds the type and version).
 */
const changeOf = (
  audit: ContentAudit,
  ctx: Context & { params: { id: string } },
  action: string,
) => ({
  caller: ctx.state.caller,
  writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
  id: ctx.params.id,
  ifMatch: ifMatchOf(ctx),
  audit: audit.recordOf(ctx, { action, target: { kind: 'document', id: ctx.params.id } }),
})

/** Spec section 4.2 under /api/content: reads in both modes, changes in write mode only. */
export function contentRoutes(
  service: ContentService,
  options: { writes: boolean; audit?: ContentAudit; fence?: ReadFence },
): Router {
  // Every document read sees all of a release being published or none of it.
  const router = mountOperations(new Router(), fencedReads(documentReads(service), options.fence), {
    checkedLater: ['listDocuments'],
  })
  return options.writes
    ? mountOperations(router, documentChanges(service, options.audit ?? NO_AUDIT))
    : router
}

/** With `populate` the answer depends on other documents too, so it has no version ETag. */
async function sendRead(
  ctx: Context,
  service: ContentService,
  document: StoredDocument,
  query: ContentReadQuery,
) {
  const { populate, locale } = query
  const tags = documentAnswerTags(ctx.state.caller.websiteId, document)
  if (populate === undefined || populate === '') {
    await sendDocument(ctx, service, document, query)
  } else {
    ctx.body = await service.present({
      caller: ctx.state.caller,
      draft: query.draft === 'true',
      document,
      populate,
      locale,
      tags,
    })
  }
  tagAnswer(ctx, tags)
}

const documentReads = (service: ContentService) =>
  ({
    // The query is the list's own check (docs/queries.md): every problem in one 422.
    listDocuments: async (ctx) => {
      const { websiteId } = ctx.state.caller
      const tags = new Set([cacheTags.website(websiteId)])
      ctx.body = await service.list({
        caller: ctx.state.caller,
        queryString: ctx.querystring,
        tags,
      })
      tagAnswer(ctx, tags)
    },
    getDocumentBySlug: async (ctx) => {
      const { query, params } = ctx.state.input
      const document = await service.bySlug({
        caller: ctx.state.caller,
        type: params.type,
        slug: params.slug,
        draft: query.draft === 'true',
        locale: query.locale,
      })
      await sendRead(ctx, service, document, query)
    },
    getDocument: async (ctx) => {
      const { query, params } = ctx.state.input
      const draft = query.draft === 'true'
      const document = await service.byId({ caller: ctx.state.caller, id: params.id, draft })
      await sendRead(ctx, service, document, query)
    },
    listReferrers: async (ctx) => {
      ctx.body = await service.referrers({
        caller: ctx.state.caller,
        id: ctx.state.input.params.id,
        page: pageRequestOf(ctx.state.input.query),
      })
    },
    listVersions: async (ctx) => {
      ctx.body = await service.versions({
        caller: ctx.state.caller,
        id: ctx.state.input.params.id,
        page: pageRequestOf(ctx.state.input.query),
      })
    },
  }) satisfies OperationHandlers<
    'listDocuments' | 'getDocumentBySlug' | 'getDocument' | 'listReferrers' | 'listVersions'
  >

const documentChanges = (service: ContentService, audit: ContentAudit) =>
  ({
    createDocument: async (ctx) => {
      const document = await service.create({
        caller: ctx.state.caller,
        writeKey: writeKeyOf(ctx, ctx.state.caller.websiteId),
        ...ctx.state.input.body,
        locale: ctx.state.input.query.locale,
        // The new document's id is the commit's to add.
        audit: audit.recordOf(ctx, { action: 'document.create' }),
      })
      ctx.set('Location', `/api/content/${document._id}`)
      await sendDocument(ctx, service, document, { ...ctx.state.input.query, status: 201 })
    },
    updateDocument: async (ctx) => {
      const { query } = ctx.state.input
      const draft = query.draft === 'true'
      const { document } = await service.update({
        ...changeOf(audit, ctx, 'document.update'),
        draft,
        discardDraft: query.discardDraft === 'true',
        locale: query.locale,
        ...ctx.state.input.body,
      })
      await sendDocument(ctx, service, draft ? draftView(document) : document, query)
    },
    discardDraft: async (ctx) => {
      const { document } = await service.discardDraft(
        changeOf(audit, ctx, 'document.discard-draft'),
      )
      await sendDocument(ctx, service, document, ctx.state.input.query)
    },
    deleteDocument: async (ctx) => {
      await service.remove({
        ...changeOf(audit, ctx, 'document.delete'),
        force: ctx.state.input.query.force === 'true',
      })
      ctx.status = 204
    },
    publishDocument: async (ctx) => {
      const { document } = await service.publish(changeOf(audit, ctx, 'document.publish'))
      await sendDocument(ctx, service, document, ctx.state.input.query)
    },
    unpublishDocument: async (ctx) => {
      const { document } = await service.unpublish(changeOf(audit, ctx, 'document.unpublish'))
      await sendDocument(ctx, service, document, ctx.state.input.query)
    },
    restoreVersion: async (ctx) => {
      const { query } = ctx.state.input
      const { document } = await service.restore({
        ...changeOf(audit, ctx, 'document.restore'),
        versionId: ctx.params.versionId,
        discardDraft: query.discardDraft === 'true',
      })
      await sendDocument(ctx, service, document, query)
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
