import { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { auditedHandlers, mountOperations, writeKeyOf } from '@cms/http'
import type { OperationHandlers } from '@cms/http'
import { NotFoundError } from '@cms/errors'
import { isDocumentId } from '@cms/content-model'
import { AUDITED_MEDIA } from '../audit/audited-changes.ts'
import { NO_AUDIT } from '../audit/content-audit.ts'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { MediaLibrary } from './media-library.ts'
import type { AssetBytes } from './asset-cache.ts'
import type { VariantMaker } from './variant-maker.ts'
import { protectAsset, sendAsset } from './asset-response.ts'
import { TransformsBusyError } from './transform-gate.ts'
import { parseTransform } from './transform-params.ts'
import { cacheTags } from '@cms/contract'
import { tagAnswer } from '../http/answer-tags.ts'

/**
 * `POST /api/media` reads its own multipart body, so it runs before the JSON body parser
 * (write mode only); the caller is the gateway's, as for every /api path.
 */
export function mediaUploadRoute(
  library: MediaLibrary,
  audit: ContentAudit = NO_AUDIT,
): Middleware {
  const upload = {
    uploadMedia: async (ctx) => {
      const caller = ctx.state.caller
      const created = await library.upload(caller, ctx.req, writeKeyOf(ctx, caller.websiteId))
      ctx.status = 201
      ctx.set('Location', `/api/media/${created.id}`)
      ctx.body = created
    },
  } satisfies OperationHandlers<'uploadMedia'>
  const router = mountOperations(
    new Router(),
    auditedHandlers<'uploadMedia'>(upload, audit.appender, AUDITED_MEDIA),
  )
  // Routes only: any other request goes on to the JSON body parser and the other routers.
  return router.routes() as Middleware
}

const mediaReads = (library: MediaLibrary) =>
  ({
    // The query is the library's own filter grammar, checked whole in one 422.
    listMedia: async (ctx) => {
      const { websiteId } = ctx.state.caller
      const page = await library.list(ctx.state.caller, ctx.querystring)
      ctx.body = page
      tagAnswer(ctx, [
        cacheTags.website(websiteId),
        cacheTags.mediaList(websiteId),
        ...page.docs.map((file) => cacheTags.media(file.id)),
      ])
    },
    getMedia: async (ctx) => {
      const { websiteId } = ctx.state.caller
      ctx.body = await library.get(ctx.state.caller, ctx.state.input.params.id)
      tagAnswer(ctx, [cacheTags.website(websiteId), cacheTags.media(ctx.state.input.params.id)])
    },
  }) satisfies OperationHandlers<'listMedia' | 'getMedia'>

const mediaChanges = (library: MediaLibrary) =>
  ({
    updateMedia: async (ctx) => {
      ctx.body = await library.patch(ctx.state.caller, ctx.params.id, ctx.state.input.body)
    },
    deleteMedia: async (ctx) => {
      const { params, query } = ctx.state.input
      await library.remove(ctx.state.caller, params.id, query.force === 'true')
      ctx.status = 204
    },
  }) satisfies OperationHandlers<'updateMedia' | 'deleteMedia'>

/** /api/media reads (both modes) and changes (write mode). */
export function mediaRoutes(
  library: MediaLibrary,
  options: { writes: boolean; audit?: ContentAudit },
): Router {
  const router = mountOperations(new Router(), mediaReads(library), { checkedLater: ['listMedia'] })
  return options.writes
    ? mountOperations(
        router,
        auditedHandlers<'updateMedia' | 'deleteMedia'>(
          mediaChanges(library),
          (options.audit ?? NO_AUDIT).appender,
          AUDITED_MEDIA,
        ),
      )
    : router
}

/**
 * `GET /internal/media/:id/:filename[?transform]`: the gateway's public asset URL, the website
 * taken from the URL's path and vouched for as the caller. Any filename serves the file (the
 * id is what is unguessable); another website's id is 404 like an unknown one.
 */
export function assetRoutes(deps: {
  library: MediaLibrary
  bytes: AssetBytes
  variants: VariantMaker
  sizes: readonly number[]
}): Router {
  const router = new Router({ prefix: '/internal/media' })
  router.get('/:id/:filename', async (ctx) => {
    protectAsset(ctx)
    const id = ctx.params.id!
    if (!isDocumentId(id)) throw new NotFoundError(`No media ${id}`)
    const transform = parseTransform(ctx.querystring, deps.sizes)
    const record = await deps.library.owned(ctx.state.caller, id)
    tagAnswer(ctx, [cacheTags.website(ctx.state.caller.websiteId), cacheTags.media(id)])
    if (!transform) {
      sendAsset(ctx, deps.bytes, {
        fileId: record._id,
        size: record.size,
        mimeType: record.mimeType,
        filename: record.filename,
        etag: `"${record.sha256.slice(0, 32)}"`,
      })
      return
    }
    const variant = await deps.variants.variantOf(record, transform).catch((error: unknown) => {
      if (error instanceof TransformsBusyError)
        ctx.set('Retry-After', String(error.retryAfterSeconds))
      throw error
    })
    ctx.set('X-Media-Variant', variant.made ? 'created' : 'stored')
    sendAsset(ctx, deps.bytes, {
      fileId: variant.id,
      size: variant.size,
      mimeType: variant.mimeType,
      filename: record.filename,
      etag: `"${record.sha256.slice(0, 16)}-${variant.id.split('~')[1]}"`,
    })
  })
  return router
}
