// The people of the installation and their invitations (docs/people.md), from @cms/contract.
import type {
  InvitationCreateBody,
  Invitation as InvitationSchema,
  Membership as MembershipSchema,
  OneTimeLink as OneTimeLinkSchema,
  Person as PersonSchema,
  PersonCreateBody,
  PersonUpdateBody,
} from '@cms/contract'

/** A person as answers show them: never a password hash or a TOTP secret. */
export type Person = PersonSchema

/** A person's role on one website, optionally within named content types. */
export type Membership = MembershipSchema

export type PersonInput = PersonCreateBody

/** Members left out stay; `memberships` replaces them all; `disabled` signs them out everywhere. */
export type PersonChange = PersonUpdateBody

/** An invitation; its `link` is shown once, in the answer that creates it. */
export type Invitation = InvitationSchema

export type InvitationInput = InvitationCreateBody

/** A link that works once (a password reset), shown once. */
export type OneTimeLink = OneTimeLinkSchema
