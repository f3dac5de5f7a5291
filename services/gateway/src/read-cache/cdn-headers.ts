import type { Context, Middleware } from 'koa'
import { LRUCache } from 'lru-cache'
import { cacheTagOf, cacheTags, tagsOfHeader } from '@cms/contract'
import type { PublicOperationId } from '@cms/contract'

/** The reads a shared cache may keep: published content, media and a type, tagged by the services. */
const SHARED_READS = new Set<PublicOperationId>([
  'listDocuments',
  'getDocument',
  'getDocumentBySlug',
  'listMedia',
  'getMedia',
  'getContentType',
  'graphqlQuery',
])

/** Reads shared only when their answer names its tags (a GraphQL query of published content). */
const TAGGED_ONLY = new Set<PublicOperationId>(['graphqlQuery'])

/** A shared cache keys each answer by the key that asked for it (the VCL hashes either header). */
export const VARY = 'x-api-key, Authorization'

export interface CdnPolicy {
  /** How long a shared cache may serve a published read (`s-maxage`). */
  maxAgeSeconds: number
  /** How long past that it may serve it while it revalidates (`stale-while-revalidate`). */
  staleSeconds: number
}

function sharedRead(ctx: Context): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false
  if (ctx.status !== 200 && ctx.status !== 304) return false
  const route = ctx.state.apiRoute
  if (!route || !SHARED_READS.has(route.id)) return false
  if (TAGGED_ONLY.has(route.id) && !ctx.response.get('surrogate-key')) return false
  // Draft access (draft=true, a preview token) may show what a published read never does.
  return ctx.state.grant?.draftAccess !== true
}

/** What the answer's key says of how long a shared cache may keep it. */
interface AskingKey {
  keyId: string
  expiresAt?: Date | null
}

/**
 * The shared-cache lifetime of an answer to `key`: never past the key's expiry (a rotated key
 * expires at the end of its grace), so a cache stops serving an expired key with no purge.
 */
function sharedLifetime(policy: CdnPolicy, key: AskingKey | undefined, now: number) {
  if (!key?.expiresAt) return { maxAge: policy.maxAgeSeconds, stale: policy.staleSeconds }
  const left = Math.floor((key.expiresAt.getTime() - now) / 1000)
  const maxAge = Math.min(policy.maxAgeSeconds, left)
  return { maxAge, stale: Math.max(0, Math.min(policy.staleSeconds, left - maxAge)) }
}

/** The text of the tag headers kept (one-byte strings: about this many bytes). */
const TAG_HEADERS_KEPT_BYTES = 4_000_000

interface TagHeaders {
  surrogateKey: string
  cacheTag: string
}

/**
 * The tag headers of an answer shared for a key. A cached read repeats the same `Surrogate-Key`
 * for the same key on every hit, so each pair is worked out once (parsing and joining them was
 * a tenth of the gateway's time on warm reads).
 */
function tagHeadersFor(): (header: string, keyId: string | undefined) => TagHeaders | undefined {
  const known = new LRUCache<string, TagHeaders>({
    maxSize: TAG_HEADERS_KEPT_BYTES,
    sizeCalculation: (headers, id) =>
      id.length + headers.surrogateKey.length + headers.cacheTag.length,
  })
  return (header, keyId) => {
    if (header.trim() === '') return undefined
    const id = `${keyId ?? ''} ${header}`
    let headers = known.get(id)
    if (!headers) {
      const tags = tagsOfHeader(header)
      if (tags.length === 0) return undefined
      const tagged = keyId ? [...tags, cacheTags.key(keyId)] : tags
      headers = { surrogateKey: tagged.join(' '), cacheTag: cacheTagOf(tagged) }
      known.set(id, headers)
    }
    return headers
  }
}

/**
 * `Cache-Control`, `Vary` and `Cache-Tag` on every `/api` answer (docs/gateway.md, "Caching and
 * CDNs"): published reads may be kept by a shared cache, per key, tagged with the key too and
 * never past its expiry; everything else is `private, no-store`. `Cache-Tag` repeats
 * `Surrogate-Key` with commas.
 */
export function cdnHeaders(policy: CdnPolicy): Middleware {
  const tagHeaders = tagHeadersFor()
  return async function cdnHeadersMiddleware(ctx, next) {
    try {
      await next()
    } finally {
      const key = ctx.state.apiKey as AskingKey | undefined
      const lifetime = sharedLifetime(policy, key, Date.now())
      if (sharedRead(ctx) && lifetime.maxAge > 0) {
        ctx.set(
          'Cache-Control',
          `public, s-maxage=${lifetime.maxAge}, stale-while-revalidate=${lifetime.stale}`,
        )
        ctx.set('Vary', VARY)
        // Koa gives a header as it was set: a string, a list of lines, or nothing at all.
        const header: unknown = ctx.response.get('surrogate-key')
        const tagged = tagHeaders(
          Array.isArray(header) ? header.join(' ') : String(header ?? ''),
          key?.keyId,
        )
        if (tagged) {
          ctx.set('Surrogate-Key', tagged.surrogateKey)
          ctx.set('Cache-Tag', tagged.cacheTag)
        }
      } else {
        ctx.set('Cache-Control', 'private, no-store')
        ctx.remove('Surrogate-Key')
        ctx.remove('Cache-Tag')
      }
    }
  }
}
