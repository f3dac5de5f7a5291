import type { Context } from 'koa'
import { asksForDrafts } from '@cms/contract'
import type { ContentChange } from '@cms/contract'
import { seenTypesOf } from '../domain/seen-types.ts'

export interface CacheableRead {
  /**
   * Path and query exactly as sent, after the content types the call may see when they are not
   * all: the entry's address within the website, so a key restricted to some types never gets
   * an answer made for one that sees others.
   */
  url: string
  /** May If-None-Match be answered with 304? */
  conditional: boolean
}

/**
 * The read a request makes, when its answer may come from the cache; drafts never do. Runs after
 * the authorization decision, whose types it keys by.
 */
export function cacheableRead(ctx: Context): CacheableRead | undefined {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return undefined
  const read = ctx.state.apiRoute?.operation.cached
  if (!read) return undefined
  if (ctx.querystring !== '' && asksForDrafts(new URLSearchParams(ctx.querystring)))
    return undefined
  return {
    url: `${seenTypesOf(ctx.state.grant)}${ctx.path}${ctx.search}`,
    conditional: read.conditional,
  }
}

/** What a write does to the published reads in the cache, as the contract says. */
export function contentChangeOf(ctx: Context): ContentChange | undefined {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return undefined
  return ctx.state.apiRoute?.operation.changes
}
