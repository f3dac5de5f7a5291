import type { Context } from 'koa'
import type { BodyRule } from './upstream-proxy.ts'

/** Room for the multipart framing and the alt/caption fields beside the file itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/** The admin panel's upload: `POST /admin/api/websites/:id/media` (admin-media-routes.ts). */
const ADMIN_UPLOAD_PATH = /^\/admin\/api\/websites\/[^/]+\/media$/

/**
 * `POST /api/media` and the admin API's upload stream a multipart body of up to
 * `MEDIA_MAX_BYTES` (plus its framing) to the content service; every other body stays JSON
 * under the usual limit. Past the limit the gateway answers 413 while the upload is still
 * streaming.
 */
export function mediaUploadRule(maxBytes: number): (ctx: Context) => BodyRule | undefined {
  const rule: BodyRule = {
    types: ['multipart/form-data'],
    limitBytes: maxBytes + FORM_OVERHEAD_BYTES,
  }
  return (ctx) =>
    ctx.method === 'POST' &&
    (ctx.state.apiRoute?.pattern === '/api/media' || ADMIN_UPLOAD_PATH.test(ctx.path))
      ? rule
      : undefined
}
