import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { DocsList, OrNull, Timestamp, Uuid } from './common.ts'

/** The admin API's answers (docs/gateway.md, "Admin API"). */
export const Website = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    createdAt: Timestamp,
    importedFrom: Type.Optional(Type.String({ description: 'The exported website it came from' })),
  },
  { additionalProperties: false },
)
export type Website = Static<typeof Website>
export const WebsiteList = DocsList(Website)

const RateLimitPlan = Type.Object(
  { perMinute: Type.Integer({ minimum: 1 }), perDay: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
)
const KeyScope = Type.Union([Type.Literal('read'), Type.Literal('admin')], {
  description: "The older name of the key's role: admin for owner, read for viewer keys",
})

/** What a key may be restricted to, and when it stops working. */
const keyAccess = {
  role: Type.String({ description: "The key's role: built in or one of the website's own" }),
  scope: Type.Optional(KeyScope),
  types: OrNull(Type.Array(Type.String(), { description: 'Only these content types' })),
  expiresAt: OrNull(Timestamp),
}

/** A role: built in (owner, editor, author, viewer, preview) or one of the website's own. */
export const Role = Type.Object(
  {
    name: Type.String(),
    builtIn: Type.Boolean(),
    description: Type.Optional(Type.String()),
    permissions: Type.Record(Type.String(), Type.Unknown(), {
      description: "Each action's content types ('*' for all) and each capability granted",
    }),
    createdAt: Type.Optional(Timestamp),
    updatedAt: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
)
export type Role = Static<typeof Role>

/** POST /api/preview-tokens: the token, shown once, and what it grants. */
export const PreviewToken = Type.Object(
  {
    token: Type.String({ description: 'Send it as a key (x-api-key or Bearer)' }),
    expiresAt: Timestamp,
    types: Type.Union([Type.Literal('*'), Type.Array(Type.String())]),
    documentId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)
export type PreviewToken = Static<typeof PreviewToken>
export const RoleList = DocsList(Role)

export const ApiKey = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    ...keyAccess,
    prefix: Type.String({ description: "The key's first 12 characters" }),
    rateLimit: RateLimitPlan,
    createdAt: Timestamp,
    revokedAt: OrNull(Timestamp),
    lastUsedAt: OrNull(
      Type.String({
        format: 'date-time',
        description:
          'The latest request with the key (null: none yet); written in batches, so up to KEY_USAGE_FLUSH_MS (1 min) behind',
      }),
    ),
  },
  { additionalProperties: false },
)
export type ApiKey = Static<typeof ApiKey>
export const ApiKeyList = DocsList(ApiKey)

/** The one answer that carries the key itself (shown once). */
export const CreatedApiKey = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    ...keyAccess,
    prefix: Type.String(),
    key: Type.String({ description: 'The key, shown in this answer only' }),
    replaces: Type.Optional(
      Type.Object(
        { id: Uuid, expiresAt: Timestamp },
        { description: 'A rotation: the key this one replaces, and when its secret stops working' },
      ),
    ),
    rateLimit: RateLimitPlan,
    createdAt: Timestamp,
  },
  { additionalProperties: false },
)

const QuotaLine = Type.Object(
  {
    limit: Type.Integer({ minimum: 0 }),
    default: Type.Integer({ minimum: 0 }),
    override: OrNull(Type.Integer({ minimum: 0 })),
    usage: OrNull(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
)

export const QuotaReport = Type.Object(
  { quotas: Type.Record(Type.String(), QuotaLine) },
  { additionalProperties: false },
)

const PurgeStep = Type.Object(
  {
    service: Type.String({ description: 'gateway, content, schema or webhook' }),
    state: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done')]),
    removed: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
    batches: Type.Integer({ minimum: 0 }),
    lastError: OrNull(Type.String()),
  },
  { additionalProperties: false },
)

/** A website's purge (docs/lifecycle.md). */
export const Purge = Type.Object(
  {
    websiteId: Uuid,
    name: Type.String(),
    reason: Type.Union([
      Type.Literal('deleted'),
      Type.Literal('import-failed'),
      Type.Literal('import-abandoned'),
    ]),
    state: Type.Union([Type.Literal('importing'), Type.Literal('running'), Type.Literal('done')]),
    requestedAt: Timestamp,
    finishedAt: OrNull(Timestamp),
    removed: Type.Integer({ minimum: 0 }),
    services: Type.Array(PurgeStep),
  },
  { additionalProperties: false },
)
export type Purge = Static<typeof Purge>

export const ImportResult = Type.Object(
  {
    website: Website,
    imported: Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer({ minimum: 0 }))),
    webhookSecrets: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Uuid, name: Type.String(), secret: Type.String() },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
)
