import type { Context, Middleware, Next } from 'koa'
import { bufferedBody } from './buffered-body.ts'
import { cacheableRead } from './cacheable-read.ts'
import type { CacheableRead } from './cacheable-read.ts'
import { cacheTags, tagsOfHeader } from '@cms/contract'
import type { CacheTrust } from './cache-trust.ts'
import { digestTag, noneMatchHolds } from './entity-tag.ts'
import { untaggedOf } from './response-store.ts'
import type { CachedResponse, ResponseStore } from './response-store.ts'
import type { FetchedAnswer } from '../http/upstream-proxy.ts'

/** A read sent to its service apart from the request (`fetchApiRead`, http/api-pipeline.ts). */
export type FetchRead = (ctx: Context) => Promise<FetchedAnswer>

/** Whether this gateway answered a read from its cache: `hit`, `miss` or `bypass`. */
export const CACHE_STATUS_HEADER = 'x-gateway-cache'

/** Headers that belong to one exchange (this client, this request, this rate-limit window). */
const PER_REQUEST = new Set([
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'set-cookie',
  'retry-after',
  'x-request-id',
  CACHE_STATUS_HEADER,
])
const PER_REQUEST_PREFIXES = ['access-control-', 'x-ratelimit-']

type ResponseHeaders = Readonly<Record<string, string | string[] | number | undefined>>

/** The answer's headers as the next reader should get them (the rest is set per request). */
function keptHeaders(response: ResponseHeaders): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(response)) {
    if (value === undefined || PER_REQUEST.has(name)) continue
    if (PER_REQUEST_PREFIXES.some((prefix) => name.startsWith(prefix))) continue
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return headers
}

/**
 * A 200 answer as it is kept: an ETag (a digest when it had none) and the tags of its
 * `Surrogate-Key`, read once here so that a hit never looks at them again.
 */
export function entryOf(
  websiteId: string,
  response: ResponseHeaders,
  body: Buffer,
): CachedResponse {
  const headers = keptHeaders(response)
  const etag = headers.etag ?? digestTag(body)
  const named = tagsOfHeader(headers['surrogate-key'] ?? '')
  const tags = new Set(named.length > 0 ? named : [untaggedOf(websiteId)])
  tags.add(cacheTags.website(websiteId))
  return { headers: { ...headers, etag }, body, etag, tags: [...tags] }
}

/** Forwards the read and keeps a 200 answer's bytes. */
async function forwardAndKeep(ctx: Context, next: Next): Promise<CachedResponse | undefined> {
  await next()
  if (ctx.status !== 200 || ctx.method !== 'GET') return undefined
  const body = await bufferedBody(ctx)
  if (!body) return undefined
  const entry = entryOf(ctx.state.apiKey!.websiteId, ctx.response.headers, body)
  ctx.set('ETag', entry.etag)
  return entry
}

/**
 * The entry read again apart from this reader, who is answered from the expired one meanwhile;
 * a failed refresh is logged and leaves the expired entry until the next reader's own load.
 */
function refreshOf(ctx: Context, fetchRead: FetchRead): () => Promise<CachedResponse | undefined> {
  return () =>
    fetchRead(ctx).then(
      (answer) =>
        answer.status === 200
          ? entryOf(ctx.state.apiKey!.websiteId, answer.headers, answer.body)
          : undefined,
      (error: unknown) => {
        ctx.state.log?.warn({ err: error, url: ctx.url }, 'read cache: refresh failed')
        return undefined
      },
    )
}

/**
 * One reader's share of `store.fill`: `led` when this reader's `load` ran (its failure is this
 * reader's), else the entry it waited for or was answered from, undefined when that load failed
 * or kept nothing (the reader then asks for itself).
 */
async function fillAsReader(
  store: ResponseStore,
  websiteId: string,
  url: string,
  load: () => Promise<CachedResponse | undefined>,
  refresh: (() => Promise<CachedResponse | undefined>) | undefined,
): Promise<{ led: boolean; entry: CachedResponse | undefined }> {
  let led = false
  const entry = await store
    .fill(
      websiteId,
      url,
      () => {
        led = true
        return load()
      },
      refresh,
    )
    .catch((error: unknown) => {
      if (led) throw error
      return undefined
    })
  return { led, entry }
}

function answerConditionally(ctx: Context, read: CacheableRead, etag: string): void {
  const ifNoneMatch = ctx.get('if-none-match')
  if (!read.conditional || ifNoneMatch === '' || !noneMatchHolds(ifNoneMatch, etag)) return
  ctx.status = 304
  ctx.body = null
}

function answerFrom(ctx: Context, read: CacheableRead, entry: CachedResponse): void {
  ctx.status = 200
  ctx.set(entry.headers)
  ctx.set(CACHE_STATUS_HEADER, 'hit')
  ctx.body = entry.body
  answerConditionally(ctx, read, entry.etag)
}

/**
 * Published reads (list, by id, by slug) answered from the cache while it is trusted; a miss is
 * forwarded once however many readers ask for it meanwhile. Untrusted (cache off, Redis or the
 * broker away) every read goes to the service. Either way a 200 gets an ETag and an
 * If-None-Match that names it gets 304 (not by slug, see cacheable-read.ts).
 */
export function cachedReads(deps: {
  trust: Pick<CacheTrust, 'trusted'>
  store: ResponseStore
  /** The read as the service answers it, apart from the request: refreshes expired entries. */
  fetchRead?: FetchRead
}): Middleware {
  return async function cachedReadsMiddleware(ctx, next) {
    const read = cacheableRead(ctx)
    if (!read) return next()
    const websiteId = ctx.state.apiKey!.websiteId
    const trusted = deps.trust.trusted()
    const hit = trusted ? deps.store.get(websiteId, read.url) : undefined
    if (hit) return answerFrom(ctx, read, hit)
    if (!trusted || ctx.method === 'HEAD') {
      const kept = await forwardAndKeep(ctx, next)
      ctx.set(CACHE_STATUS_HEADER, 'bypass')
      if (kept) answerConditionally(ctx, read, kept.etag)
      return
    }
    const { led, entry } = await fillAsReader(
      deps.store,
      websiteId,
      read.url,
      () => forwardAndKeep(ctx, next),
      deps.fetchRead && refreshOf(ctx, deps.fetchRead),
    )
    if (led) {
      ctx.set(CACHE_STATUS_HEADER, 'miss')
      if (entry) answerConditionally(ctx, read, entry.etag)
      return
    }
    if (entry) return answerFrom(ctx, read, entry)
    // The read this one waited for got no answer worth keeping (404, 503, ...): ask for itself.
    const kept = await forwardAndKeep(ctx, next)
    ctx.set(CACHE_STATUS_HEADER, 'miss')
    if (kept) answerConditionally(ctx, read, kept.etag)
  }
}

/** A published read the gateway makes itself, answered from the read cache when it may be. */
export type CachedFetch = (
  websiteId: string,
  url: string,
  load: () => Promise<FetchedAnswer>,
) => Promise<FetchedAnswer>

/**
 * The gateway's own published reads (GraphQL's operation calls) through the same entries as the
 * API's: `url` is the entry's address as `cacheableRead` makes it, `load` asks the service (and
 * refreshes an expired entry apart from the reader). Untrusted, every read is `load`.
 */
export function cachedFetches(deps: {
  trust: Pick<CacheTrust, 'trusted'>
  store: ResponseStore
}): CachedFetch {
  return async function cachedFetch(websiteId, url, load) {
    if (!deps.trust.trusted()) return load()
    const keep = (answer: FetchedAnswer) =>
      answer.status === 200 ? entryOf(websiteId, answer.headers, answer.body) : undefined
    let own: FetchedAnswer | undefined
    const { led, entry } = await fillAsReader(
      deps.store,
      websiteId,
      url,
      async () => keep((own = await load())),
      async () => keep(await load()),
    )
    if (led) return own!
    if (entry) return { status: 200, headers: entry.headers, body: entry.body }
    // The read this one waited for got no answer worth keeping: ask for itself.
    return load()
  }
}
