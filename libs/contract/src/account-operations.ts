import type { Endpoint } from './operation.ts'

/**
 * Every operation of `/auth`, once: signing in and out as a person, the session, invitations,
 * password resets, the second factor and personal access tokens (docs/people.md). The gateway
 * serves them; the admin OpenAPI document and `@cms/client`'s account client are derived from it.
 */
export const ACCOUNT_OPERATIONS = {
  getSignInOptions: { method: 'GET', path: '/auth/options' },
  signInWithPassword: { method: 'POST', path: '/auth/password' },
  startProviderSignIn: { method: 'GET', path: '/auth/oidc/:provider' },
  finishProviderSignIn: { method: 'GET', path: '/auth/oidc/:provider/callback' },
  getSession: { method: 'GET', path: '/auth/session' },
  signOut: { method: 'POST', path: '/auth/sign-out' },
  signOutEverywhere: { method: 'POST', path: '/auth/sign-out-everywhere' },
  getInvitation: { method: 'GET', path: '/auth/invitations/:token' },
  acceptInvitation: { method: 'POST', path: '/auth/invitations/:token' },
  resetPassword: { method: 'POST', path: '/auth/password-reset' },
  bootstrap: { method: 'POST', path: '/auth/bootstrap' },
  startTotp: { method: 'POST', path: '/auth/totp' },
  confirmTotp: { method: 'POST', path: '/auth/totp/confirm' },
  removeTotp: { method: 'DELETE', path: '/auth/totp' },
  listPersonalTokens: { method: 'GET', path: '/auth/tokens' },
  createPersonalToken: { method: 'POST', path: '/auth/tokens' },
  revokePersonalToken: { method: 'DELETE', path: '/auth/tokens/:tokenId' },
} as const satisfies Record<string, Endpoint>

export type AccountOperationId = keyof typeof ACCOUNT_OPERATIONS
export type AccountOperations = typeof ACCOUNT_OPERATIONS
