import { ACCOUNT_IO } from '../account-io.ts'
import { ACCOUNT_OPERATIONS } from '../account-operations.ts'
import type { AccountOperationId } from '../account-operations.ts'
import type { Access, RouteSpec } from './operation.ts'
import { routeOf } from './route-io.ts'
import type { RouteProse } from './route-io.ts'

const SIGN_IN = 'Sign-in and sessions'
const SECURITY = 'Second factor and personal tokens'
const PROVIDER = { provider: "A configured provider's id" }

/** What the admin document says of each `/auth` operation, and who may call it. */
const ACCOUNT_ROUTE_DOCS: { readonly [Id in AccountOperationId]: RouteProse & { access: Access } } =
  {
    getSignInOptions: {
      access: 'anyone',
      tag: SIGN_IN,
      summary: 'What the sign-in page offers: providers, the password form, the first operator',
    },
    signInWithPassword: {
      access: 'anyone',
      tag: SIGN_IN,
      summary: 'Sign in with email and password (and a TOTP code when set up); sets the cookie',
      errors: [413, 415],
    },
    startProviderSignIn: {
      access: 'anyone',
      pathParams: PROVIDER,
      tag: SIGN_IN,
      summary: "Redirects to the provider's sign-in (authorization code flow with PKCE)",
    },
    finishProviderSignIn: {
      access: 'anyone',
      pathParams: PROVIDER,
      tag: SIGN_IN,
      summary: "The provider's redirect back: signs the person in, then redirects to the panel",
    },
    getSession: { access: 'person', tag: SIGN_IN, summary: 'Who is signed in' },
    signOut: { access: 'person', tag: SIGN_IN, summary: 'End this session' },
    signOutEverywhere: {
      access: 'person',
      tag: SIGN_IN,
      summary: 'End every session of the signed-in person (their personal tokens stay)',
    },
    getInvitation: {
      access: 'anyone',
      pathParams: { token: "The invitation link's token" },
      tag: SIGN_IN,
      summary: 'Who an invitation is for',
    },
    acceptInvitation: {
      access: 'anyone',
      pathParams: { token: "The invitation link's token" },
      tag: SIGN_IN,
      summary: 'Accept an invitation with a name and password; signs the person in',
      errors: [413, 415],
    },
    resetPassword: {
      access: 'anyone',
      tag: SIGN_IN,
      summary: "Set a new password with a reset link's token; ends the person's sessions",
      errors: [413, 415],
    },
    bootstrap: {
      access: 'anyone',
      tag: SIGN_IN,
      summary: 'Create the first operator with the one-time token `npm start` printed',
      errors: [409, 413, 415],
    },
    startTotp: {
      access: 'person',
      tag: SECURITY,
      summary: 'Start setting up a second factor: a secret for an authenticator app',
      errors: [409],
    },
    confirmTotp: {
      access: 'person',
      tag: SECURITY,
      summary: 'Finish setting up the second factor with a code the app shows',
      errors: [409, 413, 415],
    },
    removeTotp: {
      access: 'person',
      tag: SECURITY,
      summary: 'Remove the second factor (a current code is needed)',
      errors: [413, 415],
    },
    listPersonalTokens: {
      access: 'person',
      tag: SECURITY,
      summary: "The signed-in person's personal access tokens",
    },
    createPersonalToken: {
      access: 'person',
      tag: SECURITY,
      summary: "A personal access token carrying the person's roles (shown once)",
      errors: [413, 415],
    },
    revokePersonalToken: {
      access: 'person',
      pathParams: { tokenId: 'A personal token id' },
      tag: SECURITY,
      summary: 'Revoke a personal access token',
    },
  }

/** Every route of `/auth` (docs/people.md), in the contract's order. */
export function accountRoutes(components: Readonly<Record<string, unknown>>): RouteSpec[] {
  return (Object.keys(ACCOUNT_OPERATIONS) as AccountOperationId[]).map((id) => {
    const { access, ...doc } = ACCOUNT_ROUTE_DOCS[id]
    return {
      ...routeOf(ACCOUNT_IO[id], doc, components),
      method: ACCOUNT_OPERATIONS[id].method.toLowerCase() as RouteSpec['method'],
      pattern: ACCOUNT_OPERATIONS[id].path,
      access,
    }
  })
}
