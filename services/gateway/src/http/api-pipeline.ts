import compose from 'koa-compose'
import type { Middleware } from 'koa'
import { authorize } from '@cms/contract'
import {
  ForbiddenError,
  MethodNotAllowedError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
} from '@cms/errors'
import type { Grant } from '@cms/http'
import type { AuthFailureThrottle } from '../domain/auth-failure-throttle.ts'
import type { KeyUsage } from '../domain/key-usage.ts'
import type { AuthenticatedKey, KeyAuthenticator } from '../domain/key-authenticator.ts'
import type { KeyRateLimiter, RateLimitState } from '../domain/key-rate-limiter.ts'
import { matchApiRoute } from './api-routes.ts'
import type { RouteMatch, Upstream } from './api-routes.ts'
import { displayPrefix } from '../domain/api-key-secret.ts'
import { API_KEY_HEADER, presentedKey } from './presented-key.ts'
import type { FetchedAnswer, ForwardOptions, UpstreamProxy } from './upstream-proxy.ts'
import type { WebsiteQuotaLookup } from '../domain/website-quota-lookup.ts'
import { hasExpired } from '../domain/api-key.ts'
import { looksLikePreviewToken, previewPermissions } from '../domain/preview-tokens.ts'
import { PERSON_PLAN, personOfIssuer } from '../people/person-access.ts'
import type { PersonAccess } from '../people/person-access.ts'
import type { PersonAuthenticator } from '../people/person-authenticator.ts'
import { carriesPerson, personOfRequest } from '../people/request-person.ts'
import type { PreviewTokens } from '../domain/preview-tokens.ts'

declare module 'koa' {
  interface DefaultState {
    apiKey?: AuthenticatedKey
    apiRoute?: Extract<RouteMatch, { kind: 'found' }>
    /** What `requirePermission` granted the request; the proxy tells the service. */
    grant?: Grant
    rateLimitSet?: boolean
  }
}

export interface ApiPipelineDeps {
  authenticator: KeyAuthenticator
  throttle: AuthFailureThrottle
  rateLimiter: KeyRateLimiter
  proxy: UpstreamProxy
  /** Answers reads from the read cache and invalidates it on writes (read-cache/read-cache.ts). */
  readCache?: Middleware
  /** The website's quotas, forwarded with every call (docs/gateway.md, "Quotas"). */
  quotas?: WebsiteQuotaLookup
  /** `Idempotency-Key` on writes (idempotency/idempotent-writes.ts). */
  idempotentWrites?: Middleware
  /** Keeps each key's last-used time (domain/key-usage.ts). */
  keyUsage?: Pick<KeyUsage, 'record'>
  /** Preview tokens stand in for a key (domain/preview-tokens.ts). */
  previews: Pick<PreviewTokens, 'verify'>
  /** The operations the gateway serves itself (`upstream: 'gateway'` in the contract). */
  ownOperations: Middleware
  /** People call the API through a session or a personal token (docs/people.md). */
  people: { authenticator: PersonAuthenticator; access: PersonAccess }
}

const expiredAt = (what: string, at: Date) =>
  new UnauthorizedError(`The ${what} expired at ${at.toISOString()}`)

/**
 * The key a preview token stands for: its issuer's, reading drafts of the token's types only
 * (never more than the issuer still may), until the token expires.
 */
async function previewKey(
  deps: Pick<ApiPipelineDeps, 'authenticator' | 'previews' | 'people'>,
  token: string,
): Promise<AuthenticatedKey | undefined> {
  const grant = deps.previews.verify(token)
  if (!grant) return undefined
  const now = new Date()
  if (hasExpired(grant.expiresAt, now)) throw expiredAt('preview token', grant.expiresAt)
  const issuer = await issuerOf(deps, grant.issuerHash, grant.websiteId)
  if (!issuer || issuer.websiteId !== grant.websiteId || hasExpired(issuer.expiresAt, now))
    throw new UnauthorizedError('The key that issued this preview token is no longer valid')
  return {
    ...issuer,
    permissions: previewPermissions(grant, issuer.permissions),
    expiresAt: grant.expiresAt,
    preview: grant.documentId ? { documentId: grant.documentId } : {},
  }
}

/** The key, or the person, that made a preview token, as they are now. */
async function issuerOf(
  deps: Pick<ApiPipelineDeps, 'authenticator' | 'people'>,
  issuerHash: string,
  websiteId: string,
): Promise<AuthenticatedKey | undefined> {
  const personId = personOfIssuer(issuerHash)
  if (personId === undefined) return deps.authenticator.authenticateHash(issuerHash)
  const person = await deps.people.authenticator.person(personId)
  if (!person || person.disabledAt) return undefined
  const permissions = await deps.people.access.permissionsOn(person, websiteId).catch(() => ({}))
  return {
    keyId: person.id,
    hash: issuerHash,
    websiteId,
    permissions,
    expiresAt: null,
    rateLimit: PERSON_PLAN,
    person: true,
  }
}

function setRateLimitHeaders(ctx: Parameters<Middleware>[0], state: RateLimitState): void {
  ctx.set('X-RateLimit-Limit', String(state.limit))
  ctx.set('X-RateLimit-Remaining', String(state.remaining))
  ctx.set('X-RateLimit-Reset', String(state.resetSeconds))
  ctx.state.rateLimitSet = true
}

/**
 * 401 for a missing, unknown or revoked key, or for `x-api-key` and `Authorization: Bearer`
 * naming different keys; failures of a key that was looked up count against the client address.
 * Without a key, a person's session or personal token acts as a key of the website the request
 * names. Everything after this step knows the key by its id, whichever header carried it.
 */
export function authenticateApiKey(
  deps: Pick<ApiPipelineDeps, 'authenticator' | 'throttle' | 'keyUsage' | 'previews' | 'people'>,
): Middleware {
  return async function authenticateApiKeyMiddleware(ctx, next) {
    deps.throttle.assertAllowed(ctx.ip)
    if (!ctx.get(API_KEY_HEADER) && carriesPerson(ctx)) {
      const signedIn = (await personOfRequest(ctx, deps.people.authenticator))!
      const key = await deps.people.access.asKey(ctx, signedIn)
      ctx.state.apiKey = key
      ctx.state.caller = {
        websiteId: key.websiteId,
        keyId: key.keyId,
        permissions: key.permissions,
        actor: { kind: 'person', name: signedIn.person.name },
      }
      return next()
    }
    const presented = presentedKey({
      apiKey: ctx.get(API_KEY_HEADER),
      authorization: ctx.get('authorization'),
    })
    if (presented.kind === 'missing') {
      throw new UnauthorizedError(
        `An API key is required: send ${API_KEY_HEADER}: <key> or Authorization: Bearer <key>`,
      )
    }
    if (presented.kind === 'conflict') {
      throw new UnauthorizedError(
        `${API_KEY_HEADER} and Authorization: Bearer carry different keys; send one key`,
      )
    }
    const preview = looksLikePreviewToken(presented.key)
    const key = preview
      ? await previewKey(deps, presented.key)
      : await deps.authenticator.authenticate(presented.key)
    if (!key) {
      await deps.throttle.recordFailure(ctx.ip)
      throw new UnauthorizedError(`The ${preview ? 'preview token' : 'API key'} is not valid`)
    }
    const now = new Date()
    if (key.expiresAt && hasExpired(key.expiresAt, now)) throw expiredAt('API key', key.expiresAt)
    ctx.state.apiKey = key
    if (!key.person) deps.keyUsage?.record(key.hash, now)
    // Who calls, for the access log and the services; the prefix is what the admin API lists.
    ctx.state.caller = {
      websiteId: key.websiteId,
      keyId: key.keyId,
      permissions: key.permissions,
      keyPrefix: displayPrefix(presented.key),
      actor: { kind: 'key', ...(key.name && { name: key.name }) },
    }
    await next()
  }
}

/** Every authenticated response carries the limit headers, also when refused before counting. */
export function rateLimitHeadersOnRefusal(rateLimiter: KeyRateLimiter): Middleware {
  return async function rateLimitHeadersOnRefusalMiddleware(ctx, next) {
    try {
      await next()
    } catch (error) {
      const key = ctx.state.apiKey
      if (key && !ctx.state.rateLimitSet) {
        const state = await rateLimiter.peek(key.keyId, key.rateLimit).catch(() => undefined)
        if (state) setRateLimitHeaders(ctx, state)
      }
      throw error
    }
  }
}

/** 404 for an unknown route, 405 with Allow for a known route and another method. */
export function resolveApiRoute(): Middleware {
  return async function resolveApiRouteMiddleware(ctx, next) {
    const match = matchApiRoute(ctx.method, ctx.path)
    if (match.kind === 'not-found')
      throw new NotFoundError(`No route for ${ctx.method} ${ctx.path}`)
    if (match.kind === 'method-not-allowed') throw new MethodNotAllowedError(match.allowed)
    ctx.state.apiRoute = match
    // The shared metrics label requests by the route koa-router matched; this router is ours.
    ;(ctx as { _matchedRoute?: string })._matchedRoute = match.pattern
    await next()
  }
}

/**
 * 403 naming the missing permission unless the contract's decision lets the key make this
 * operation (drafts and the content type the request names included).
 */
export function requirePermission(): Middleware {
  return async function requirePermissionMiddleware(ctx, next) {
    const { operation, params, id } = ctx.state.apiRoute!
    const decision = authorize(operation, ctx.state.apiKey!.permissions, {
      query: new URLSearchParams(ctx.querystring),
      params,
    })
    if (!decision.allowed)
      throw new ForbiddenError(decision.reason, {
        details: [{ path: 'permission', message: decision.missing }],
      })
    const { preview } = ctx.state.apiKey!
    if (preview) assertPreviewMay(preview, id, params)
    ctx.state.grant = { operationId: id, draftAccess: decision.draftAccess, types: decision.types }
    await next()
  }
}

/** A preview token makes no more tokens, and one of a document reads that document only. */
function assertPreviewMay(
  preview: NonNullable<AuthenticatedKey['preview']>,
  id: string,
  params: Readonly<Record<string, string>>,
): void {
  if (id === 'createPreviewToken')
    throw new ForbiddenError('A preview token cannot make preview tokens; use a key')
  const { documentId } = preview
  if (documentId !== undefined && (id !== 'getDocument' || params.id !== documentId))
    throw new ForbiddenError(`This preview token reads document ${documentId} only`)
}

/** Counts the request against the key's plan; 429 with Retry-After once a window is used up. */
export function limitRequestRate(rateLimiter: KeyRateLimiter): Middleware {
  return async function limitRequestRateMiddleware(ctx, next) {
    const key = ctx.state.apiKey!
    const verdict = await rateLimiter.consume(key.keyId, key.rateLimit)
    setRateLimitHeaders(ctx, verdict.state)
    if (!verdict.allowed)
      throw new RateLimitedError(verdict.retryAfterSeconds, 'Rate limit exceeded for this API key')
    await next()
  }
}

/** Where and as whom a request of a service's operation goes: its caller, grant and quotas. */
async function forwardOptionsOf(
  ctx: Parameters<Middleware>[0],
  upstream: Upstream,
  quotas: WebsiteQuotaLookup | undefined,
): Promise<ForwardOptions> {
  const caller = ctx.state.caller
  return {
    upstream,
    grant: ctx.state.grant,
    pathAndQuery: `${ctx.path}${ctx.search}`,
    caller: quotas ? { ...caller, quotas: await quotas.quotasOf(caller.websiteId) } : caller,
    ...(ctx.state.requestBodyObserver && { onBodyChunk: ctx.state.requestBodyObserver }),
  }
}

export function proxyApiRequest(
  proxy: UpstreamProxy,
  quotas?: WebsiteQuotaLookup,
  ownOperations?: Middleware,
): Middleware {
  return async function proxyApiRequestMiddleware(ctx, next) {
    const { upstream } = ctx.state.apiRoute!
    if (upstream === 'gateway') return ownOperations!(ctx, next)
    await proxy.forward(ctx, await forwardOptionsOf(ctx, upstream, quotas))
  }
}

/** The request's read as its service answers it, apart from the request (read cache refreshes). */
export function fetchApiRead(
  proxy: Pick<UpstreamProxy, 'fetch'>,
  quotas?: WebsiteQuotaLookup,
): (ctx: Parameters<Middleware>[0]) => Promise<FetchedAnswer> {
  return async (ctx) => {
    const { upstream } = ctx.state.apiRoute!
    if (upstream === 'gateway') throw new Error(`${ctx.path} is not a service's read`)
    return proxy.fetch(ctx, await forwardOptionsOf(ctx, upstream, quotas))
  }
}

/**
 * request id (already set) -> key -> route -> permission -> rate limit -> idempotency key -> read
 * cache -> proxy.
 */
export function apiPipeline(deps: ApiPipelineDeps): Middleware {
  return compose([
    authenticateApiKey(deps),
    rateLimitHeadersOnRefusal(deps.rateLimiter),
    resolveApiRoute(),
    requirePermission(),
    limitRequestRate(deps.rateLimiter),
    ...(deps.idempotentWrites ? [deps.idempotentWrites] : []),
    ...(deps.readCache ? [deps.readCache] : []),
    proxyApiRequest(deps.proxy, deps.quotas, deps.ownOperations),
  ])
}
