// A person's own account (`/auth`, docs/people.md): the bodies and answers, from @cms/contract.
import type {
  BootstrapBody,
  CreatedPersonalToken as CreatedPersonalTokenSchema,
  InvitationAcceptBody,
  InvitationPreview as InvitationPreviewSchema,
  PasswordResetBody,
  PasswordSignInBody,
  PersonalToken as PersonalTokenSchema,
  PersonalTokenCreateBody,
  Session as SessionSchema,
  SignInOptions as SignInOptionsSchema,
  TotpEnrolment as TotpEnrolmentSchema,
} from '@cms/contract'

/** Who is signed in, and the CSRF token every write through the cookie carries. */
export type AccountSession = SessionSchema

/** What the sign-in page offers: providers, the password form, the first operator's bootstrap. */
export type SignInOptions = SignInOptionsSchema

/** `totp` only when the answer to a first try said a code is needed. */
export type PasswordSignIn = PasswordSignInBody

export type InvitationPreview = InvitationPreviewSchema

export type InvitationAcceptance = InvitationAcceptBody

export type PasswordReset = PasswordResetBody

export type Bootstrap = BootstrapBody

/** The secret and `otpauth://` URI of a second factor being set up, shown once. */
export type TotpEnrolment = TotpEnrolmentSchema

export type PersonalToken = PersonalTokenSchema

export type PersonalTokenInput = PersonalTokenCreateBody

/** The one answer that shows a personal access token itself. */
export type CreatedPersonalToken = CreatedPersonalTokenSchema
