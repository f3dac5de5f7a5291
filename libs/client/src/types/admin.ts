// Answers derived from @cms/api-schema's response schemas. The request bodies are declared here:
// their schemas (requests/admin.ts) take their limits from @cms/http, Node-only code that a
// browser program importing the client (the admin panel) cannot type-check.
import type { Static } from '@sinclair/typebox'
import type {
  ApiKey,
  CreatedApiKey,
  ImportResult,
  Purge,
  QuotaReport as QuotaReportSchema,
  Website as WebsiteSchema,
} from '@cms/contract'

export type Website = WebsiteSchema

export type KeyScope = ApiKey['scope']

/** The scopes a key may have; a value the CLI checks before sending. */
export { KEY_SCOPES } from '@cms/contract'

export type RateLimitPlan = ApiKey['rateLimit']

export interface KeyInput {
  name?: string
  scope: KeyScope
  rateLimit?: Partial<RateLimitPlan>
}

export type ListedKey = ApiKey

/** The one answer that shows the key itself. */
export type CreatedKey = Static<typeof CreatedApiKey>

/** Each quota with its limit in force, default, override and the website's usage. */
export type QuotaReport = Static<typeof QuotaReportSchema>

/** A quota's new override, or null for its default. */
export type QuotaChange = Record<string, number | null>

export type PurgeProgress = Purge

export type ImportAnswer = Static<typeof ImportResult>
