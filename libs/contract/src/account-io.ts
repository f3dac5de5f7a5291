import type { AccountOperationId } from './account-operations.ts'
import type { OperationIo } from './operation-io.ts'
import {
  BootstrapBody,
  InvitationAcceptBody,
  PasswordResetBody,
  PasswordSignInBody,
  PersonalTokenCreateBody,
  TotpCodeBody,
} from './schemas/requests/people.ts'
import { DocsList, Ref } from './schemas/responses/common.ts'
import {
  CreatedPersonalToken,
  InvitationPreview,
  PersonalToken,
  Session,
  SignInOptions,
  TotpEnrolment,
} from './schemas/responses/people.ts'

const SESSION = Ref('Session', Session)
/** A redirect: to the provider, or back to the panel. */
const REDIRECT = { 302: null }

/** What each `/auth` operation takes beside its path and answers (see PUBLIC_IO). */
export const ACCOUNT_IO = {
  getSignInOptions: { answer: { 200: Ref('SignInOptions', SignInOptions) } },
  signInWithPassword: { input: { body: PasswordSignInBody }, answer: { 200: SESSION } },
  startProviderSignIn: { answer: REDIRECT },
  finishProviderSignIn: { answer: REDIRECT },
  getSession: { answer: { 200: SESSION } },
  signOut: { answer: { 204: null } },
  signOutEverywhere: { answer: { 204: null } },
  getInvitation: { answer: { 200: Ref('InvitationPreview', InvitationPreview) } },
  acceptInvitation: { input: { body: InvitationAcceptBody }, answer: { 200: SESSION } },
  resetPassword: { input: { body: PasswordResetBody }, answer: { 204: null } },
  bootstrap: { input: { body: BootstrapBody }, answer: { 200: SESSION } },
  startTotp: { answer: { 201: Ref('TotpEnrolment', TotpEnrolment) } },
  confirmTotp: { input: { body: TotpCodeBody }, answer: { 204: null } },
  removeTotp: { input: { body: TotpCodeBody }, answer: { 204: null } },
  listPersonalTokens: { answer: { 200: DocsList(Ref('PersonalToken', PersonalToken)) } },
  createPersonalToken: {
    input: { body: PersonalTokenCreateBody },
    answer: { 201: Ref('CreatedPersonalToken', CreatedPersonalToken) },
  },
  revokePersonalToken: { answer: { 204: null } },
} as const satisfies { readonly [Id in AccountOperationId]: OperationIo }

export type AccountIo = typeof ACCOUNT_IO
