import { createHash } from 'node:crypto'
import type { Context } from 'koa'

/** A file the gateway serves itself (the admin panel, /docs), with its validator. */
export interface StaticFile {
  body: Buffer
  type: string
  etag: string
}

export const staticFileOf = (body: Buffer, type: string): StaticFile => ({
  body,
  type,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
})

/** Sends `file`, or 304 when the client's copy is current. */
export function sendStaticFile(ctx: Context, file: StaticFile, cacheControl: string): void {
  ctx.set('Cache-Control', cacheControl)
  ctx.type = file.type
  ctx.etag = file.etag
  ctx.status = 200
  if (ctx.fresh) {
    ctx.status = 304
    return
  }
  ctx.body = file.body
}
