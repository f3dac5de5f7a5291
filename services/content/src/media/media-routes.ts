import { Router } from '@koa/router'
import type { Middleware } from 'koa'
import { mountOperations, writeKeyOf } from '@cms/http'
import type { OperationHandlers } from '@cms/http'
import { NotFoundError } from '@cms/errors'
import { isDocumentId } from '@cms/content-model'
import { NO_AUDIT, onlyOnce } from '../audit/content-audit.ts'
import type { ContentAudit } from '../audit/content-audit.ts'
import type { MediaLibrary } from './media-library.ts'
import type { MediaStore } from './media-store.ts'
import type { VariantMaker } from './variant-maker.ts'
import { protectAsset, sendAsset } from './asset-response.ts'
import { TransformsBusyError } from './transform-gate.ts'
import { parseTransform } from './transform-params.ts'

/**
 * `POST /api/media` reads its own multipart body, so it runs before the JSON body parser
 * (write mode only); the caller is the gateway's, as for every /api path.
 */
export function mediaUploadRoute(
  library: MediaLibrary,
  audit: ContentAudit = NO_AUDIT,
): Middleware {
  const router = mountOperations(new Router(), {
    uploadMedia: async (ctx) => {
      const caller = ctx.state.caller
      const created = await library.upload(caller, ctx.req, writeKeyOf(ctx, caller.websiteId))
      const record = audit.recordOf(ctx, {
        action: 'media.upload',
        target: { kind: 'media', id: created.id },
      })
      // One upload per media id: a keyed retry answered with the same file is the same entry.
      await audit.append(record && onlyOnce(record, `media.upload ${created.id}`))
      ctx.status = 201
      ctx.set('Location', `/api/media/${created.id}`)
      ctx.body = created
    },
  })
  // Routes only: any other request goes on to the JSON body parser and the other routers.
  return router.routes() as Middleware
}

const mediaReads = (library: MediaLibrary) =>
  ({
    // The query is the library's own filter grammar, checked whole in one 422.
    listMedia: async (ctx) => {
      ctx.body = await library.list(ctx.state.caller, ctx.querystring)
    },
    getMedia: async (ctx) => {
      ctx.body = await library.get(ctx.state.caller, ctx.state.input.params.id)
    },
  }) satisfies OperationHandlers<'listMedia' | 'getMedia'>

const mediaChanges = (library: MediaLibrary, audit: ContentAudit) =>
  ({
    updateMedia: async (ctx) => {
      const { params, body } = ctx.state.input
      const updated = await library.patch(ctx.state.caller, params.id, body)
      await audit.append(
        audit.recordOf(ctx, {
          action: 'media.update',
          target: { kind: 'media', id: params.id },
          changes: Object.keys(body),
        }),
      )
      ctx.body = updated
    },
    deleteMedia: async (ctx) => {
      const { params, query } = ctx.state.input
      await library.remove(ctx.state.caller, params.id, query.force === 'true')
      await audit.append(
        audit.recordOf(ctx, { action: 'media.delete', target: { kind: 'media', id: params.id } }),
      )
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
    ? mountOperations(router, mediaChanges(library, options.audit ?? NO_AUDIT))
    : router
}

/**
 * `GET /internal/media/:id/:filename[?transform]`: the gateway's public asset URL, the website
 * taken from the URL's path and vouched for as the caller. Any filename serves the file (the
 * id is what is unguessable); another website's id is 404 like an unknown one.
 */
export function assetRoutes(deps: {
  library: MediaLibrary
  store: MediaStore
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
    if (!transform) {
      sendAsset(ctx, deps.store, {
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
    sendAsset(ctx, deps.store, {
      fileId: variant.id,
      size: variant.size,
      mimeType: variant.mimeType,
      filename: record.filename,
      etag: `"${record.sha256.slice(0, 16)}-${variant.id.split('~')[1]}"`,
    })
  })
  return router
}
