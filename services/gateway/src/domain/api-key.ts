import { ROLE_OF_SCOPE } from '@cms/contract'
import type { KeyScope } from '@cms/http'
import type { ApiKeyCreateBody } from '@cms/contract'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import { DEFAULT_PLAN } from './rate-limit-plan.ts'
import type { RateLimitPlan } from './rate-limit-plan.ts'

/** A key as stored and listed: never the key itself, only its hash (in the repository) and prefix. */
export interface ApiKey {
  id: string
  websiteId: string
  name: string
  /** A built-in role or one of the website's own (docs/api.md, "Permissions"). */
  role: string
  /** Only these content types; null: every type. */
  types: readonly string[] | null
  /** When the key stops working; null: never. */
  expiresAt: Date | null
  prefix: string
  rateLimit: RateLimitPlan
  createdAt: Date
  revokedAt: Date | null
  /** The latest request with the key, as of the last write of its instance's batch. */
  lastUsedAt: Date | null
}

export type ApiKeyInput = Pick<ApiKey, 'name' | 'role' | 'types' | 'expiresAt' | 'rateLimit'>

/** Whether a key (or token) with this expiry has stopped working at `now`. */
export const hasExpired = (expiresAt: Date | null, now: Date): boolean =>
  expiresAt !== null && expiresAt.getTime() <= now.getTime()

/** A key that still works at `now`: not revoked, not expired. */
export const isLive = (key: Pick<ApiKey, 'revokedAt' | 'expiresAt'>, now: Date): boolean =>
  key.revokedAt === null && !hasExpired(key.expiresAt, now)

/** The older scope a role is, for the keys whose role is one. */
export const scopeOfRole = (role: string): KeyScope | undefined =>
  role === ROLE_OF_SCOPE.admin ? 'admin' : role === ROLE_OF_SCOPE.read ? 'read' : undefined

/** Exactly one of `role` and the older `scope`: what the schema cannot say of a key's body. */
export function keyRoleProblems(body: unknown): ErrorDetail[] {
  const given = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  return 'role' in given === 'scope' in given
    ? [{ path: 'scope', message: 'give a role (or the older scope), one of them' }]
    : []
}

/**
 * A checked `{name?, role | scope, types?, expiresAt?, rateLimit?}` as the key to make; the name
 * defaults to "<role or scope> key". An expiry must lie ahead of `now`.
 */
export function apiKeyInputOf(input: ApiKeyCreateBody, now: Date): ApiKeyInput {
  const role = input.role ?? ROLE_OF_SCOPE[input.scope!]
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null
  if (hasExpired(expiresAt, now))
    throw ValidationError.single('expiresAt', 'expiresAt must lie in the future')
  return {
    name: input.name?.trim() ?? `${input.scope ?? role} key`,
    role,
    types: input.types ?? null,
    expiresAt,
    rateLimit: { ...DEFAULT_PLAN, ...input.rateLimit },
  }
}
