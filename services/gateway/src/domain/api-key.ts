import type { KeyScope } from '@cms/http'
import { ApiKeyCreateBody } from '@cms/contract'
import { validateBody } from '@cms/contract/validation'
import { DEFAULT_PLAN } from './rate-limit-plan.ts'
import type { RateLimitPlan } from './rate-limit-plan.ts'

/** A key as stored and listed: never the key itself, only its hash (in the repository) and prefix. */
export interface ApiKey {
  id: string
  websiteId: string
  name: string
  scope: KeyScope
  prefix: string
  rateLimit: RateLimitPlan
  createdAt: Date
  revokedAt: Date | null
  /** The latest request with the key, as of the last write of its instance's batch. */
  lastUsedAt: Date | null
}

export interface ApiKeyInput {
  name: string
  scope: KeyScope
  rateLimit: RateLimitPlan
}

/** `{name?, scope, rateLimit?: {perMinute?, perDay?}}`; the name defaults to "<scope> key". */
export function parseApiKeyInput(body: unknown): ApiKeyInput {
  const input = validateBody(ApiKeyCreateBody, body)
  return {
    name: input.name?.trim() ?? `${input.scope} key`,
    scope: input.scope,
    rateLimit: { ...DEFAULT_PLAN, ...input.rateLimit },
  }
}
