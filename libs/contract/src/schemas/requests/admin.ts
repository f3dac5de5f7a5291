import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { QUOTA_CEILINGS } from '../../limits.ts'
import { KEY_SCOPES, QUOTA_NAMES } from '../../vocabulary.ts'
import type { QuotaName } from '../../vocabulary.ts'
import { RoleName, TypeNames } from './permissions.ts'
import { DisplayText, Nullable, StringEnum } from './schema-helpers.ts'

const DisplayName = (description: string) =>
  DisplayText({ max: 100, description: `${description}; kept without outer spaces` })

/** POST /admin/api/websites and PATCH /admin/api/websites/:id (a rename). */
export const WebsiteBody = Type.Object(
  { name: DisplayName('The name of the website') },
  { additionalProperties: false },
)
export type WebsiteBody = Static<typeof WebsiteBody>

export const RateLimitPlanBody = Type.Object(
  {
    perMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    perDay: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  },
  {
    additionalProperties: false,
    description: 'Requests the key may make; each limit left out keeps the default plan',
  },
)
export type RateLimitPlanBody = Static<typeof RateLimitPlanBody>

/**
 * POST /admin/api/websites/:id/keys: a `role`, or the older `scope` (`admin` is `owner`, `read`
 * is `viewer`); the name defaults to "<role or scope> key".
 */
export const ApiKeyCreateBody = Type.Object(
  {
    name: Type.Optional(DisplayName('The name of the key')),
    role: Type.Optional(RoleName),
    scope: Type.Optional(StringEnum(KEY_SCOPES)),
    types: Type.Optional(
      Nullable({ ...TypeNames, description: 'Only these content types (null: every type)' }),
    ),
    expiresAt: Type.Optional(
      Nullable(Type.String({ format: 'date-time', description: 'When the key stops working' })),
    ),
    rateLimit: Type.Optional(Nullable(RateLimitPlanBody)),
  },
  { additionalProperties: false },
)
export type ApiKeyCreateBody = Static<typeof ApiKeyCreateBody>

/**
 * PATCH /admin/api/websites/:id/quotas: each member a quota from 0 to its ceiling, or null to
 * return to the default; members left out keep their current override.
 */
export const QuotaChangeBody = Type.Object(
  Object.fromEntries(
    QUOTA_NAMES.map((name) => [
      name,
      Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: QUOTA_CEILINGS[name] }))),
    ]),
  ),
  { additionalProperties: false },
)
export type QuotaChangeBody = Partial<Record<QuotaName, number | null>>
