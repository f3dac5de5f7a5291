import { Type } from '@sinclair/typebox'
import type { Static } from '@sinclair/typebox'
import { OrNull, Timestamp, Uuid } from './common.ts'

/** The people of the installation (docs/people.md). */
export const Membership = Type.Object(
  {
    websiteId: Uuid,
    role: Type.String(),
    types: OrNull(Type.Array(Type.String(), { description: 'Only these content types' })),
  },
  { additionalProperties: false },
)
export type Membership = Static<typeof Membership>

export const Person = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    name: Type.String(),
    operator: Type.Boolean({ description: 'May use the admin API' }),
    disabled: Type.Boolean(),
    memberships: Type.Array(Membership),
    password: Type.Boolean({ description: 'Signs in with a password' }),
    totp: Type.Boolean({ description: 'A second factor is set up' }),
    providers: Type.Array(Type.String(), { description: 'Providers the person signed in with' }),
    createdAt: Timestamp,
    lastSignInAt: OrNull(Timestamp),
  },
  { additionalProperties: false },
)
export type Person = Static<typeof Person>

export const Invitation = Type.Object(
  {
    id: Uuid,
    email: Type.String(),
    operator: Type.Boolean(),
    memberships: Type.Array(Membership),
    createdAt: Timestamp,
    expiresAt: Timestamp,
    link: Type.Optional(Type.String({ description: 'Shown once, when created' })),
  },
  { additionalProperties: false },
)
export type Invitation = Static<typeof Invitation>

/** A one-time link, shown once. */
export const OneTimeLink = Type.Object(
  { link: Type.String(), expiresAt: Timestamp },
  { additionalProperties: false },
)
export type OneTimeLink = Static<typeof OneTimeLink>

/** GET /auth/session: who is signed in, and the token their writes carry. */
export const Session = Type.Object(
  {
    person: Person,
    csrfToken: Type.String({ description: 'Send as x-csrf-token on every write' }),
    expiresAt: Timestamp,
    via: Type.String({ description: "'password', 'invitation', 'bootstrap' or a provider's id" }),
  },
  { additionalProperties: false },
)
export type Session = Static<typeof Session>

/** GET /auth/options: what the sign-in page offers. */
export const SignInOptions = Type.Object(
  {
    providers: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: false }),
    ),
    password: Type.Boolean(),
    bootstrap: Type.Boolean({ description: 'No operator exists yet' }),
  },
  { additionalProperties: false },
)
export type SignInOptions = Static<typeof SignInOptions>

/** GET /auth/invitations/:token. */
export const InvitationPreview = Type.Object(
  { email: Type.String(), operator: Type.Boolean(), expiresAt: Timestamp },
  { additionalProperties: false },
)
export type InvitationPreview = Static<typeof InvitationPreview>

/** POST /auth/totp: the secret to enter in an authenticator app, shown once. */
export const TotpEnrolment = Type.Object(
  { secret: Type.String(), uri: Type.String({ description: 'otpauth:// for a QR code' }) },
  { additionalProperties: false },
)
export type TotpEnrolment = Static<typeof TotpEnrolment>

export const PersonalToken = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    prefix: Type.String(),
    createdAt: Timestamp,
    expiresAt: Timestamp,
    lastUsedAt: OrNull(Timestamp),
  },
  { additionalProperties: false },
)
export type PersonalToken = Static<typeof PersonalToken>

export const CreatedPersonalToken = Type.Composite(
  [PersonalToken, Type.Object({ token: Type.String({ description: 'Shown once' }) })],
  { additionalProperties: false },
)
export type CreatedPersonalToken = Static<typeof CreatedPersonalToken>
