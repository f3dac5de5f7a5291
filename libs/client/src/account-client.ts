import { ACCOUNT_OPERATIONS as ACCOUNT } from '@cms/contract'
import { operationCaller } from './operation-call.ts'
import { csrfHeaders } from './session-auth.ts'
import type { SessionAuth } from './session-auth.ts'
import { createTransport } from './transport.ts'
import type { CallOptions, TransportOptions } from './transport.ts'
import type {
  AccountSession,
  Bootstrap,
  CreatedPersonalToken,
  InvitationAcceptance,
  InvitationPreview,
  PasswordReset,
  PasswordSignIn,
  PersonalToken,
  PersonalTokenInput,
  SignInOptions,
  TotpEnrolment,
} from './types/account.ts'
import type { DocsList } from './types/list.ts'

export interface CmsAccountClientOptions extends Omit<
  TransportOptions,
  'headers' | 'writeHeaders'
> {
  /** A session already known; any answer that starts or shows a session replaces its token. */
  session?: SessionAuth
}

/**
 * A person's own account (`/auth`): signing in and out, the session, invitations, password
 * resets, the second factor and personal access tokens. It relies on the browser's cookie
 * (same-origin fetch) and sends the CSRF token of the last session it saw on every write.
 * The provider sign-in is a navigation (`/auth/oidc/<id>`), not a call.
 */
export function createCmsAccountClient(options: CmsAccountClientOptions) {
  let csrfToken = options.session?.csrfToken
  const transport = createTransport({
    ...options,
    headers: {},
    writeHeaders: csrfHeaders(() => csrfToken),
  })
  const call = operationCaller(transport)
  const started = async (answer: Promise<AccountSession>): Promise<AccountSession> => {
    const session = await answer
    csrfToken = session.csrfToken
    return session
  }
  const ended = async (answer: Promise<undefined>): Promise<void> => {
    await answer
    csrfToken = undefined
  }
  return {
    baseUrl: transport.baseUrl,
    signInOptions: (options?: CallOptions) =>
      call<SignInOptions>(ACCOUNT.getSignInOptions, options),
    /** 401 with a `totp` detail when the person has a second factor and `totp` was not sent. */
    signInWithPassword: (input: PasswordSignIn, options?: CallOptions) =>
      started(call(ACCOUNT.signInWithPassword, { json: input, ...options })),
    /** 401 when no session (or an ended one) came with the request. */
    session: (options?: CallOptions) => started(call(ACCOUNT.getSession, options)),
    signOut: (options?: CallOptions) => ended(call(ACCOUNT.signOut, options)),
    /** Ends every session of the person, this one included. */
    signOutEverywhere: (options?: CallOptions) => ended(call(ACCOUNT.signOutEverywhere, options)),
    invitations: {
      get: (token: string, options?: CallOptions) =>
        call<InvitationPreview>(ACCOUNT.getInvitation, { params: { token }, ...options }),
      /** Creates the person and signs them in. */
      accept: (token: string, input: InvitationAcceptance, options?: CallOptions) =>
        started(call(ACCOUNT.acceptInvitation, { params: { token }, json: input, ...options })),
    },
    resetPassword: (input: PasswordReset, options?: CallOptions) =>
      call<undefined>(ACCOUNT.resetPassword, { json: input, ...options }),
    /** The first operator, with the one-time token `npm start` printed; signs them in. */
    bootstrap: (input: Bootstrap, options?: CallOptions) =>
      started(call(ACCOUNT.bootstrap, { json: input, ...options })),
    totp: {
      /** A new secret, in force once `confirm` gets one of its codes. */
      start: (options?: CallOptions) => call<TotpEnrolment>(ACCOUNT.startTotp, options),
      confirm: (code: string, options?: CallOptions) =>
        call<undefined>(ACCOUNT.confirmTotp, { json: { code }, ...options }),
      remove: (code: string, options?: CallOptions) =>
        call<undefined>(ACCOUNT.removeTotp, { json: { code }, ...options }),
    },
    tokens: {
      list: (options?: CallOptions) =>
        call<DocsList<PersonalToken>>(ACCOUNT.listPersonalTokens, options),
      /** The answer's `token` is shown only now. */
      create: (input: PersonalTokenInput, options?: CallOptions) =>
        call<CreatedPersonalToken>(ACCOUNT.createPersonalToken, { json: input, ...options }),
      revoke: (tokenId: string, options?: CallOptions) =>
        call<undefined>(ACCOUNT.revokePersonalToken, { params: { tokenId }, ...options }),
    },
  }
}

export type CmsAccountClient = ReturnType<typeof createCmsAccountClient>
