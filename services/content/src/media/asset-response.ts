import { Readable } from 'node:stream'
import type { Context } from 'koa'
import { RangeNotSatisfiableError } from '@cms/errors'
import type { AssetBytes } from './asset-cache.ts'
import { SVG_MIME_TYPE } from './media-types.ts'
import { storedFilename } from './file-name.ts'

export interface ServedFile {
  fileId: string
  size: number
  mimeType: string
  filename: string
  etag: string
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range); undefined for none or several. */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size : Math.min(size, Number(match[2]) + 1)
  if (start >= size || end <= start) return 'unsatisfiable'
  return { start, end }
}

const etagMatches = (header: string, etag: string) =>
  header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')

/** What every asset answer carries, errors too: a document opened from it runs nothing. */
export const ASSET_CSP = "default-src 'none'; sandbox"

export function protectAsset(ctx: Context): void {
  ctx.set('Content-Security-Policy', ASSET_CSP)
  ctx.set('X-Content-Type-Options', 'nosniff')
}

/**
 * An asset answer: immutable caching, ETag and 304, one byte range (206, or 416 beyond the
 * end), nosniff and a CSP that runs nothing; SVG only as an attachment. The name served has
 * the type's extension, whatever the stored name says. The bytes stream from the asset cache or
 * GridFS.
 */
export function sendAsset(ctx: Context, bytes: AssetBytes, file: ServedFile) {
  protectAsset(ctx)
  ctx.set('ETag', file.etag)
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable')
  ctx.set('Accept-Ranges', 'bytes')
  const name = encodeURIComponent(storedFilename(file.filename, file.mimeType))
  const svg = file.mimeType === SVG_MIME_TYPE
  ctx.set('Content-Disposition', `${svg ? 'attachment' : 'inline'}; filename*=UTF-8''${name}`)
  ctx.type = file.mimeType
  if (etagMatches(ctx.get('if-none-match'), file.etag)) {
    ctx.status = 304
    return
  }
  const rangeHeader = ctx.get('range')
  const ifRange = ctx.get('if-range')
  const range =
    rangeHeader && (!ifRange || ifRange === file.etag)
      ? parseRange(rangeHeader, file.size)
      : undefined
  if (range === 'unsatisfiable') {
    ctx.set('Content-Range', `bytes */${file.size}`)
    throw new RangeNotSatisfiableError(file.size)
  }
  const wanted = range ?? { start: 0, end: file.size }
  ctx.status = range ? 206 : 200
  if (range) ctx.set('Content-Range', `bytes ${range.start}-${range.end - 1}/${file.size}`)
  // A HEAD opens no file and no download (and costs no query).
  ctx.body = ctx.method === 'HEAD' ? Readable.from([]) : bytes.open(file.fileId, file.size, range)
  ctx.length = wanted.end - wanted.start
}
