import { Router } from '@koa/router'
import type { Context, Middleware } from 'koa'
import { ACCOUNT_IO, ACCOUNT_OPERATIONS } from '@cms/contract'
import type { AccountOperationId } from '@cms/contract'
import { UnauthorizedError } from '@cms/errors'
import { jsonBody, mountEndpoints, routed } from '@cms/http'
import compose from 'koa-compose'
import type { AuditLog } from '@cms/audit/store'
import { AUDITED_ACCOUNT, auditedBy } from '../audit/audited-operations.ts'
import type { Accounts } from './accounts.ts'
import type { ProviderSignIn } from './oidc/provider-sign-in.ts'
import type { OwnAccount } from './own-account.ts'
import type { PeopleRepository } from './people-repository.ts'
import type { PersonAuthenticator, SignedIn } from './person-authenticator.ts'
import { assertSameOrigin, personOfRequest, requireSignedIn } from './request-person.ts'
import { clearSessionCookie } from './session-cookie.ts'
import { sessionJson } from './session-start.ts'
import type { StartSession } from './session-start.ts'
import type { Sessions } from './sessions.ts'

export interface AccountRoutesDeps {
  accounts: Accounts
  ownAccount: OwnAccount
  providers: ProviderSignIn
  people: Pick<PeopleRepository, 'hasOperator'>
  authenticator: PersonAuthenticator
  sessions: Sessions
  startSession: StartSession
  publicUrl?: string
  audit: { log: Pick<AuditLog, 'append'> }
}

/** The operations made as a signed-in person; the others are open to anyone. */
const AS_PERSON: ReadonlySet<AccountOperationId> = new Set([
  'getSession',
  'signOut',
  'signOutEverywhere',
  'startTotp',
  'confirmTotp',
  'removeTotp',
  'listPersonalTokens',
  'createPersonalToken',
  'revokePersonalToken',
])

function requireSession(ctx: Context): Required<Pick<SignedIn, 'session'>> & SignedIn {
  const signedIn = requireSignedIn(ctx)
  if (!signedIn.session) throw new UnauthorizedError('This needs a signed-in session')
  return signedIn as Required<Pick<SignedIn, 'session'>> & SignedIn
}

/** `/auth` (docs/people.md): signing in and out, invitations, resets, TOTP, personal tokens. */
export function accountRoutes(deps: AccountRoutesDeps): Middleware {
  return routed(accountRouter(deps))
}

/** The router of `/auth` (its `stack` lists every route, for the OpenAPI tests). */
export function accountRouter(deps: AccountRoutesDeps): Router {
  const audited = auditedBy(deps.audit, AUDITED_ACCOUNT)
  const caller = (id: string): Middleware =>
    async function accountCaller(ctx, next) {
      ctx.set('Cache-Control', 'no-store')
      if (AS_PERSON.has(id as AccountOperationId)) await personOfRequest(ctx, deps.authenticator)
      else assertSameOrigin(ctx, deps.publicUrl)
      await next()
    }
  const before = (id: string) => compose([caller(id), audited(id)])
  return mountEndpoints(
    new Router(),
    ACCOUNT_OPERATIONS,
    {
      getSignInOptions: async (ctx) => {
        ctx.body = {
          providers: deps.providers.providers.map(({ id, name }) => ({ id, name })),
          password: true,
          bootstrap: !(await deps.people.hasOperator()),
        }
      },
      signInWithPassword: async (ctx) => {
        const person = await deps.accounts.signInWithPassword(ctx.state.input.body, ctx.ip)
        ctx.body = await deps.startSession(ctx, person, 'password')
      },
      startProviderSignIn: (ctx, next) => deps.providers.start(ctx, next),
      finishProviderSignIn: (ctx, next) => deps.providers.finish(ctx, next),
      getSession: (ctx) => {
        const { person, session } = requireSession(ctx)
        ctx.body = sessionJson(person, session.session)
      },
      signOut: async (ctx) => {
        const { person, session } = requireSession(ctx)
        await deps.sessions.end(session.id)
        deps.authenticator.forget(person.id)
        clearSessionCookie(ctx)
        ctx.status = 204
      },
      signOutEverywhere: async (ctx) => {
        const { person } = requireSession(ctx)
        await deps.sessions.endAllOf(person.id)
        deps.authenticator.forget(person.id)
        clearSessionCookie(ctx)
        ctx.status = 204
      },
      getInvitation: async (ctx) => {
        const invitation = await deps.accounts.openInvitation(ctx.params.token!)
        ctx.body = {
          email: invitation.email,
          operator: invitation.operator,
          expiresAt: invitation.expiresAt.toISOString(),
        }
      },
      acceptInvitation: async (ctx) => {
        const person = await deps.accounts.acceptInvitation(ctx.params.token!, ctx.state.input.body)
        ctx.body = await deps.startSession(ctx, person, 'invitation')
      },
      resetPassword: async (ctx) => {
        await deps.accounts.resetPassword(ctx.state.input.body)
        ctx.status = 204
      },
      bootstrap: async (ctx) => {
        const person = await deps.accounts.bootstrap(ctx.state.input.body)
        ctx.body = await deps.startSession(ctx, person, 'bootstrap')
      },
      startTotp: async (ctx) => {
        ctx.status = 201
        ctx.body = await deps.ownAccount.startTotp(requireSignedIn(ctx))
      },
      confirmTotp: async (ctx) => {
        await deps.ownAccount.confirmTotp(requireSignedIn(ctx), ctx.state.input.body.code)
        ctx.status = 204
      },
      removeTotp: async (ctx) => {
        await deps.ownAccount.removeTotp(requireSignedIn(ctx), ctx.state.input.body.code)
        ctx.status = 204
      },
      listPersonalTokens: async (ctx) => {
        ctx.body = { docs: await deps.ownAccount.listTokens(requireSignedIn(ctx)) }
      },
      createPersonalToken: async (ctx) => {
        ctx.status = 201
        ctx.body = await deps.ownAccount.createToken(requireSignedIn(ctx), ctx.state.input.body)
      },
      revokePersonalToken: async (ctx) => {
        await deps.ownAccount.revokeToken(requireSignedIn(ctx), ctx.params.tokenId!)
        ctx.status = 204
      },
    },
    { io: ACCOUNT_IO, parseBody: jsonBody(), before },
  )
}
