import { createHash, timingSafeEqual } from 'node:crypto'
import type { Middleware } from 'koa'
import { permissionsFrom } from '@cms/contract'
import type { Permissions, TypeList } from '@cms/contract'
import { UnauthorizedError } from '@cms/errors'
import { decodeQuotas, encodeQuotas } from './website-quotas.ts'
import type { WebsiteQuotas } from './website-quotas.ts'

/** Headers the gateway adds on every internal call; the gateway strips any a client sent. */
export const INTERNAL_HEADERS = {
  token: 'x-internal-token',
  websiteId: 'x-website-id',
  keyId: 'x-key-id',
  /** What the key may do (`Permissions` of @cms/contract), as compact JSON. */
  permissions: 'x-key-permissions',
  /** The key's display prefix (`cms_` + 8), for access logs; never the key. */
  keyPrefix: 'x-key-prefix',
  /** The website's quotas (defaults with its override), as compact JSON; see website-quotas.ts. */
  quotas: 'x-website-quotas',
  /** The public operation the call was authorized as (gateway-authorization.ts). */
  operation: 'x-cms-operation',
  /** `granted` when the caller may read drafts. */
  draftAccess: 'x-cms-draft-access',
  /** The content types the call may see or change, comma-separated; absent: every type. */
  types: 'x-cms-types',
  /** Who acts, for the audit log: `<kind>;<name, URI-encoded>` (actorHeader). */
  actor: 'x-cms-actor',
} as const

/** The key id the gateway sends for the platform operator's own calls: no key, no person. */
export const OPERATOR_KEY_ID = '00000000-0000-4000-8000-000000000000'

/** Who makes a call, as the audit log names them (the id is the caller's `keyId`). */
export interface CallerActor {
  kind: 'key' | 'person' | 'operator'
  name?: string
}

const ACTOR_KINDS: readonly string[] = ['key', 'person', 'operator']

export const actorHeader = (actor: CallerActor): string =>
  `${actor.kind};${encodeURIComponent(actor.name ?? '')}`

function actorOfHeader(header: string): CallerActor | undefined {
  const [kind, name] = header.split(';', 2)
  if (!kind || !ACTOR_KINDS.includes(kind)) return undefined
  try {
    const decoded = decodeURIComponent(name ?? '')
    return { kind: kind as CallerActor['kind'], ...(decoded && { name: decoded.slice(0, 200) }) }
  } catch {
    return { kind: kind as CallerActor['kind'] }
  }
}

export { KEY_SCOPES } from '@cms/contract'
export type { KeyScope } from '@cms/contract'

function parsedPermissions(header: string): Permissions | undefined {
  try {
    return permissionsFrom(JSON.parse(header))
  } catch {
    return undefined
  }
}

/**
 * `x-cms-types` as `grantHeaders` writes it: `*`, the names separated by commas, or `-` for none
 * (no type name starts with a dash).
 */
export const typesHeader = (types: TypeList): string =>
  types === '*' ? '*' : types.length === 0 ? '-' : types.join(',')

const typesOfHeader = (header: string): TypeList =>
  header === '*' ? '*' : header === '-' ? [] : header.split(',')

/** Who is calling, as vouched for by the gateway. */
export interface Caller {
  websiteId: string
  keyId: string
  /** What the caller's key may do; the gateway's decision for each call rests on it. */
  permissions: Permissions
  /** The key's display prefix, which logs may show (the admin API lists it too). */
  keyPrefix?: string
  /** The website's quotas when the gateway sent them; the defaults apply otherwise. */
  quotas?: WebsiteQuotas
  /** The gateway granted draft access to this call (set from its header, never by a client). */
  draftAccess?: true
  /**
   * The content types whose documents this call may see or change, as the gateway decided
   * (absent: every type). A service serves no document of another type.
   */
  types?: TypeList
  /** Who acts (a key, a person, an operator), for the audit log. */
  actor?: CallerActor
}

declare module 'koa' {
  interface DefaultState {
    caller: Caller
  }
}

const KEY_PREFIX = /^[A-Za-z0-9_-]{1,16}$/

const digest = (value: string): Buffer => createHash('sha256').update(value).digest()

export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

export function internalHeaders(token: string, caller: Caller): Record<string, string> {
  return {
    [INTERNAL_HEADERS.token]: token,
    [INTERNAL_HEADERS.websiteId]: caller.websiteId,
    [INTERNAL_HEADERS.keyId]: caller.keyId,
    [INTERNAL_HEADERS.permissions]: JSON.stringify(caller.permissions),
    ...(caller.keyPrefix && { [INTERNAL_HEADERS.keyPrefix]: caller.keyPrefix }),
    ...(caller.quotas && { [INTERNAL_HEADERS.quotas]: encodeQuotas(caller.quotas) }),
    ...(caller.actor && { [INTERNAL_HEADERS.actor]: actorHeader(caller.actor) }),
  }
}

/**
 * Accepts only requests that carry the internal credential. The website id, key id and scope
 * come from the gateway's headers and from nowhere else.
 */
export function requireInternalCaller(token: string): Middleware {
  return async function requireInternalCallerMiddleware(ctx, next) {
    if (!sameSecret(ctx.get(INTERNAL_HEADERS.token), token)) {
      throw new UnauthorizedError('Internal credential missing or wrong')
    }
    const websiteId = ctx.get(INTERNAL_HEADERS.websiteId)
    const keyId = ctx.get(INTERNAL_HEADERS.keyId)
    const permissions = parsedPermissions(ctx.get(INTERNAL_HEADERS.permissions))
    if (!websiteId || !keyId || !permissions) {
      throw new UnauthorizedError('Internal call without a caller')
    }
    const quotas = ctx.get(INTERNAL_HEADERS.quotas)
    const keyPrefix = ctx.get(INTERNAL_HEADERS.keyPrefix)
    const actor = actorOfHeader(ctx.get(INTERNAL_HEADERS.actor))
    ctx.state.caller = {
      websiteId,
      keyId,
      permissions,
      ...(KEY_PREFIX.test(keyPrefix) && { keyPrefix }),
      ...(quotas && { quotas: decodeQuotas(quotas) }),
      ...(ctx.get(INTERNAL_HEADERS.draftAccess) === 'granted' && { draftAccess: true }),
      ...(actor && { actor }),
      ...(ctx.get(INTERNAL_HEADERS.types) !== '' && {
        types: typesOfHeader(ctx.get(INTERNAL_HEADERS.types)),
      }),
    }
    await next()
  }
}

/** `requireInternalCaller` on the service's API paths only. */
export function internalCallsOnly(token: string): Middleware {
  const check = requireInternalCaller(token)
  return async function internalCallsOnlyMiddleware(ctx, next) {
    if (/^\/(api|internal)(\/|$)/.test(ctx.path)) return check(ctx, next)
    return next()
  }
}
