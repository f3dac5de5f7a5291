import type { Context, Middleware } from 'koa'
import { cacheTagOf, tagsOfHeader } from '@cms/contract'
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

/**
 * `Cache-Control`, `Vary` and `Cache-Tag` on every `/api` answer (docs/gateway.md, "Caching and
 * CDNs"): published reads may be kept by a shared cache, per key; everything else is
 * `private, no-store`. `Cache-Tag` repeats the service's `Surrogate-Key` with commas.
 */
export function cdnHeaders(policy: CdnPolicy): Middleware {
  const shared = `public, s-maxage=${policy.maxAgeSeconds}, stale-while-revalidate=${policy.staleSeconds}`
  return async function cdnHeadersMiddleware(ctx, next) {
    try {
      await next()
    } finally {
      if (sharedRead(ctx)) {
        ctx.set('Cache-Control', shared)
        ctx.set('Vary', VARY)
        const surrogateKey = ctx.response.get('surrogate-key')
        if (surrogateKey && !ctx.response.get('cache-tag'))
          ctx.set('Cache-Tag', cacheTagOf(tagsOfHeader(surrogateKey)))
      } else {
        ctx.set('Cache-Control', 'private, no-store')
        ctx.remove('Surrogate-Key')
        ctx.remove('Cache-Tag')
      }
    }
  }
}
