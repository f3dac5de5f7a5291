// Derived from @cms/api-schema.
import type { Static } from '@sinclair/typebox'
import type {
  ApiKey,
  ApiKeyCreateBody,
  CreatedApiKey,
  ImportResult,
  Purge,
  QuotaChangeBody,
  QuotaReport as QuotaReportSchema,
  RateLimitPlanBody,
  Website as WebsiteSchema,
} from '@cms/api-schema'

export type Website = WebsiteSchema

/** The scopes a key may have; a value the CLI checks before sending. */
export const KEY_SCOPES = ['read', 'admin'] as const satisfies readonly ApiKeyCreateBody['scope'][]
export type KeyScope = ApiKeyCreateBody['scope']

export type RateLimitPlan = Required<RateLimitPlanBody>

export type KeyInput = ApiKeyCreateBody

export type ListedKey = ApiKey

/** The one answer that shows the key itself. */
export type CreatedKey = Static<typeof CreatedApiKey>

/** Each quota with its limit in force, default, override and the website's usage. */
export type QuotaReport = Static<typeof QuotaReportSchema>

/** A quota's new override, or null for its default. */
export type QuotaChange = QuotaChangeBody

export type PurgeProgress = Purge

export type ImportAnswer = Static<typeof ImportResult>
