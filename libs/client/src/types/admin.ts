// The admin API's bodies and answers, derived from @cms/contract's schemas.
import type { Static } from '@sinclair/typebox'
import type {
  ApiKey,
  ApiKeyCreateBody,
  CreatedApiKey,
  KeyRotateBody,
  PreviewToken as PreviewTokenSchema,
  PreviewTokenBody,
  Role as RoleSchema,
  RoleCreateBody,
  RoleUpdateBody,
  ImportResult,
  Purge,
  QuotaChangeBody,
  QuotaReport as QuotaReportSchema,
  Website as WebsiteSchema,
} from '@cms/contract'

export type Website = WebsiteSchema

export type KeyScope = ApiKey['scope']

/** The scopes a key may have; a value the CLI checks before sending. */
export { KEY_SCOPES } from '@cms/contract'

export type RateLimitPlan = ApiKey['rateLimit']

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

/** A role: built in or the website's own, with what it grants. */
export type Role = RoleSchema

export type RoleInput = RoleCreateBody

export type RoleChange = RoleUpdateBody

/** How long a rotated key's old secret keeps working. */
export type KeyRotation = KeyRotateBody

export type PreviewTokenInput = PreviewTokenBody

/** A preview token (shown once) and what it grants. */
export type PreviewToken = PreviewTokenSchema
