import type { Context } from 'koa'
import { asksForDrafts } from '../http/api-routes.ts'

export interface CacheableRead {
  /** Path and query exactly as sent: the entry's address within the website. */
  url: string
  /** May If-None-Match be answered with 304? */
  conditional: boolean
}

/**
 * Published reads of documents. By slug answers carry the document's version as ETag, which
 * does not say which document holds the slug (a slug can pass to a new document at the same
 * version), so those are cached but never answered 304.
 */
const READS: Readonly<Record<string, { conditional: boolean }>> = {
  '/api/content': { conditional: true },
  '/api/content/:id': { conditional: true },
  '/api/content/by-slug/:type/:slug': { conditional: false },
}

/** The read a request makes, when its answer may come from the cache; drafts never do. */
export function cacheableRead(ctx: Context): CacheableRead | undefined {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return undefined
  const read = ctx.state.apiRoute && READS[ctx.state.apiRoute.pattern]
  if (!read) return undefined
  if (ctx.querystring !== '' && asksForDrafts(new URLSearchParams(ctx.querystring)))
    return undefined
  return { url: `${ctx.path}${ctx.search}`, conditional: read.conditional }
}

export type ContentChange = 'create' | 'edit' | 'other'

/**
 * What a write does to content, for invalidation: `create` and `edit` leave published reads
 * alone when the document they answer with is a draft (a new draft; a draft edited or restored
 * stays one). Any other write (publish, unpublish, delete, a content type, the locales) may change them.
 */
export function contentChangeOf(ctx: Context): ContentChange | undefined {
  const route = ctx.state.apiRoute
  if (!route || ctx.method === 'GET' || ctx.method === 'HEAD') return undefined
  if (route.pattern.startsWith('/api/content-types') || route.pattern === '/api/locales')
    return 'other'
  if (route.upstream !== 'contentWrite') return undefined
  if (route.pattern === '/api/content' && ctx.method === 'POST') return 'create'
  if (route.pattern === '/api/content/:id' && ctx.method === 'PATCH') return 'edit'
  if (route.pattern === '/api/content/:id/restore/:versionId') return 'edit'
  return 'other'
}
