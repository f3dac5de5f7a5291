import { KEY_SCOPES } from '@cms/http'
import type { KeyScope } from '@cms/http'
import { displayName, objectBody, throwIfProblems } from './input-checks.ts'
import type { Problems } from './input-checks.ts'
import { parseRateLimitPlan } from './rate-limit-plan.ts'
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
}

export interface ApiKeyInput {
  name: string
  scope: KeyScope
  rateLimit: RateLimitPlan
}

/** `{name?, scope, rateLimit?: {perMinute?, perDay?}}`; the name defaults to "<scope> key". */
export function parseApiKeyInput(body: unknown): ApiKeyInput {
  const problems: Problems = []
  const input = objectBody(body, ['name', 'scope', 'rateLimit'], problems)
  let scope: KeyScope | undefined
  if (input.scope === undefined) problems.push({ path: 'scope', message: 'is required' })
  else if (!(KEY_SCOPES as readonly unknown[]).includes(input.scope)) {
    problems.push({ path: 'scope', message: `must be one of ${KEY_SCOPES.join(', ')}` })
  } else scope = input.scope as KeyScope
  const name = input.name === undefined ? undefined : displayName(input.name, 'name', problems)
  const rateLimit = parseRateLimitPlan(input.rateLimit, problems)
  throwIfProblems(problems)
  return { name: name ?? `${scope} key`, scope: scope!, rateLimit }
}
