import type { Middleware } from 'koa'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { NotFoundError } from '@cms/errors'
import type { InvitationsRepository } from '../invitations-repository.ts'
import type { PeopleRepository } from '../people-repository.ts'
import type { StartSession } from '../session-start.ts'

/** Single sign-on through OpenID providers (docs/people.md, "Single sign-on"). */
export interface ProviderSignIn {
  /** Each configured provider, as the sign-in page offers it. */
  providers: readonly { id: string; name: string }[]
  /** `GET /auth/oidc/:provider`: redirects to the provider. */
  start: Middleware
  /** `GET /auth/oidc/:provider/callback`: signs the person in, redirects to the panel. */
  finish: Middleware
}

export interface ProviderSignInDeps {
  /** `OIDC_PROVIDERS`: a JSON list of providers; none when absent. */
  settings: string | undefined
  signUp: 'invitation' | 'first-sign-in'
  publicUrl: string | undefined
  redis: Redis
  prefix: string
  people: PeopleRepository
  invitations: InvitationsRepository
  startSession: StartSession
  newId: () => string
  now: () => Date
  logger: Logger
}

export function createProviderSignIn(_deps: ProviderSignInDeps): ProviderSignIn {
  const unknown: Middleware = (ctx) => {
    throw new NotFoundError(`No sign-in provider ${ctx.params.provider}`)
  }
  return { providers: [], start: unknown, finish: unknown }
}
