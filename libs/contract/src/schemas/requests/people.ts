import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { RoleName, TypeNames } from './permissions.ts'
import { DisplayText, Nullable } from './schema-helpers.ts'

const Email = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'Compared ignoring case',
})
const PersonName = DisplayText({ max: 100, description: 'Shown in the panel and the audit log' })

/** argon2id makes any length cost the same; the upper bound keeps a request small. */
export const Password = Type.String({
  minLength: 12,
  maxLength: 256,
  description: 'At least 12 characters',
})

/** A six-digit code of the person's authenticator app (RFC 6238, 30 s steps). */
export const TotpCode = Type.String({ pattern: '^[0-9]{6}$', description: 'Six digits' })

/** A person's role on one website, optionally within named content types. */
export const MembershipBody = Type.Object(
  {
    websiteId: Type.String({ format: 'uuid' }),
    role: RoleName,
    types: Type.Optional(Nullable({ ...TypeNames, description: 'Only these content types' })),
  },
  { additionalProperties: false },
)
export type MembershipBody = Static<typeof MembershipBody>

const Memberships = Type.Array(MembershipBody, {
  maxItems: 1000,
  description: 'One per website at most',
})

/** POST /admin/api/people: a person who signs in with a password or a provider. */
export const PersonCreateBody = Type.Object(
  {
    email: Email,
    name: PersonName,
    password: Type.Optional(Password),
    operator: Type.Optional(Type.Boolean({ description: 'May use the admin API' })),
    memberships: Type.Optional(Memberships),
  },
  { additionalProperties: false },
)
export type PersonCreateBody = Static<typeof PersonCreateBody>

/** PATCH /admin/api/people/:personId: members left out stay; `memberships` replaces them all. */
export const PersonUpdateBody = Type.Object(
  {
    name: Type.Optional(PersonName),
    operator: Type.Optional(Type.Boolean()),
    disabled: Type.Optional(
      Type.Boolean({ description: 'A disabled person is signed out everywhere at once' }),
    ),
    memberships: Type.Optional(Memberships),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type PersonUpdateBody = Static<typeof PersonUpdateBody>

/** POST /admin/api/invitations. */
export const InvitationCreateBody = Type.Object(
  {
    email: Email,
    operator: Type.Optional(Type.Boolean()),
    memberships: Type.Optional(Memberships),
    expiresInHours: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 24 * 30, description: 'Default 72' }),
    ),
  },
  { additionalProperties: false },
)
export type InvitationCreateBody = Static<typeof InvitationCreateBody>

/** POST /auth/password. */
export const PasswordSignInBody = Type.Object(
  { email: Email, password: Type.String({ maxLength: 256 }), totp: Type.Optional(TotpCode) },
  { additionalProperties: false },
)
export type PasswordSignInBody = Static<typeof PasswordSignInBody>

/** POST /auth/invitations/:token: the invited person's name and password. */
export const InvitationAcceptBody = Type.Object(
  { name: PersonName, password: Password },
  { additionalProperties: false },
)
export type InvitationAcceptBody = Static<typeof InvitationAcceptBody>

/** POST /auth/password-reset. */
export const PasswordResetBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: Password },
  { additionalProperties: false },
)
export type PasswordResetBody = Static<typeof PasswordResetBody>

/** POST /auth/bootstrap: the first operator, with the one-time token `npm start` printed. */
export const BootstrapBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    email: Email,
    name: PersonName,
    password: Password,
  },
  { additionalProperties: false },
)
export type BootstrapBody = Static<typeof BootstrapBody>

/** POST /auth/totp/confirm and DELETE /auth/totp. */
export const TotpCodeBody = Type.Object({ code: TotpCode }, { additionalProperties: false })
export type TotpCodeBody = Static<typeof TotpCodeBody>

/** POST /auth/tokens: a personal access token for the CLI and scripts. */
export const PersonalTokenCreateBody = Type.Object(
  {
    name: DisplayText({ max: 100, description: 'What the token is for' }),
    expiresInDays: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 366, description: 'Default 30' }),
    ),
  },
  { additionalProperties: false },
)
export type PersonalTokenCreateBody = Static<typeof PersonalTokenCreateBody>
