import { Type } from '@sinclair/typebox'
import type { Static, TSchema } from '@sinclair/typebox'
import { CAPABILITIES, CONTENT_ACTIONS } from '../../permissions.ts'
import { ContentTypeName } from './names.ts'
import { PatternString } from './schema-helpers.ts'

/** Named content types: at least one, each once. */
export const TypeNames = Type.Array(ContentTypeName(), {
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
})

const TypeListBody = Type.Union([Type.Literal('*'), TypeNames], {
  description: "'*' for every content type, or the types named",
})

/** `{read: '*', create: ['event'], manageMedia: true}`: what a role grants. */
export const PermissionsBody = Type.Object(
  {
    ...Object.fromEntries(CONTENT_ACTIONS.map((action) => [action, Type.Optional(TypeListBody)])),
    ...Object.fromEntries(
      CAPABILITIES.map((capability) => [capability, Type.Optional(Type.Literal(true))]),
    ),
  } as Record<string, TSchema>,
  { additionalProperties: false, description: 'Each action on types, each capability true' },
)

/** A custom role's name: lower case, not one of the built-in roles. */
export const ROLE_NAME = '^[a-z][a-z0-9_-]{0,63}$'
export const RoleName = PatternString(ROLE_NAME, `must match ${ROLE_NAME}`, {
  description: 'The name of a role',
})

/** POST .../roles. */
export const RoleCreateBody = Type.Object(
  {
    name: RoleName,
    description: Type.Optional(Type.String({ maxLength: 500 })),
    permissions: PermissionsBody,
  },
  { additionalProperties: false },
)
export type RoleCreateBody = Static<typeof RoleCreateBody>

/** PATCH .../roles/:name: members left out stay. */
export const RoleUpdateBody = Type.Object(
  {
    description: Type.Optional(Type.String({ maxLength: 500 })),
    permissions: Type.Optional(PermissionsBody),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type RoleUpdateBody = Static<typeof RoleUpdateBody>

/** POST .../keys/:keyId/rotate: how long the old secret still works. */
export const KeyRotateBody = Type.Object(
  {
    graceSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 7 * 24 * 3600,
        description: 'How long the old secret keeps working (default 3600, at most 7 days)',
      }),
    ),
  },
  { additionalProperties: false },
)
export type KeyRotateBody = Static<typeof KeyRotateBody>

/** POST /api/preview-tokens. */
export const PreviewTokenBody = Type.Object(
  {
    documentId: Type.Optional(Type.String({ format: 'uuid', description: 'Only this document' })),
    expiresInSeconds: Type.Optional(
      Type.Integer({ minimum: 60, maximum: 3600, description: 'Lifetime (default 600)' }),
    ),
  },
  { additionalProperties: false },
)
export type PreviewTokenBody = Static<typeof PreviewTokenBody>
