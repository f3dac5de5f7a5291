import type { Context, Middleware } from 'koa'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import * as client from 'openid-client'
import type { InvitationsRepository } from '../invitations-repository.ts'
import type { PeopleRepository } from '../people-repository.ts'
import type { PersonAuthenticator } from '../person-authenticator.ts'
import { panelUrl, publicBase } from '../request-person.ts'
import type { StartSession } from '../session-start.ts'
import { groupsOf } from './group-roles.ts'
import { createProviderClient } from './provider-client.ts'
import type { ProviderClient } from './provider-client.ts'
import { providerPeople } from './provider-person.ts'
import { profileOf } from './provider-profile.ts'
import { parseProviderSettings } from './provider-settings.ts'
import { returnRouteOf } from './return-route.ts'
import { createSignInAttempts } from './sign-in-attempts.ts'
import type { SignInAttempt } from './sign-in-attempts.ts'
import { SignInProblem } from './sign-in-problem.ts'

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
  /** A sign-in that changed a person's access drops this instance's cached copy of them. */
  authenticator: Pick<PersonAuthenticator, 'forget'>
  newId: () => string
  now: () => Date
  logger: Logger
}

/** Why talking to the provider failed, in words for the sign-in page. */
function providerProblem(name: string, error: unknown): SignInProblem {
  if (error instanceof SignInProblem) return error
  const refused =
    error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError
  if (refused) return new SignInProblem(`${name} refused the sign-in`, { cause: error })
  if (error instanceof client.ClientError)
    return new SignInProblem(`The answer of ${name} could not be verified`, { cause: error })
  return new SignInProblem(`${name} cannot be reached: try again later`, { cause: error })
}

/**
 * The claims of the provider's answer (`?code&state&iss` at the callback): the code is exchanged
 * with the PKCE verifier, the ID token checked (signature, issuer, audience, expiry, nonce), and
 * its claims completed by userinfo, where many providers put the email and groups.
 */
async function claimsOfAnswer(
  configuration: client.Configuration,
  query: string,
  state: string,
  attempt: SignInAttempt,
): Promise<Record<string, unknown>> {
  // Checked at the address the provider was given, whatever host the answer came in by.
  const answer = new URL(attempt.redirectUri)
  answer.search = query
  const tokens = await client.authorizationCodeGrant(configuration, answer, {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: state,
    expectedNonce: attempt.nonce,
    idTokenExpected: true,
  })
  const idClaims = tokens.claims()!
  if (!configuration.serverMetadata().userinfo_endpoint) return idClaims
  const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
  // Where both have a claim, the signed ID token's wins.
  return { ...userinfo, ...idClaims }
}

/**
 * The authorization code flow with PKCE (S256), `state` and `nonce`. Throws a StartupError when
 * `OIDC_PROVIDERS` is wrong; every failure of a sign-in redirects to the panel's sign-in page.
 */
export function createProviderSignIn(deps: ProviderSignInDeps): ProviderSignIn {
  const clients = new Map<string, ProviderClient>(
    parseProviderSettings(deps.settings).map((settings) => [
      settings.id,
      createProviderClient(settings),
    ]),
  )
  const attempts = createSignInAttempts(deps)
  const people = providerPeople(deps)
  const baseOf = (ctx: Context) => publicBase(ctx, deps.publicUrl)

  function providerOf(ctx: Context): ProviderClient {
    const provider = clients.get(String(ctx.params.provider))
    if (!provider) throw new SignInProblem('This sign-in provider is not configured')
    return provider
  }

  function redirectToPanel(ctx: Context, route: string): void {
    ctx.set('Cache-Control', 'no-store')
    ctx.redirect(panelUrl(baseOf(ctx), route))
  }

  function refuse(ctx: Context, problem: SignInProblem, step: string): void {
    deps.logger.warn(
      { provider: ctx.params.provider, step, problem: problem.message, err: problem.cause },
      'provider sign-in refused',
    )
    redirectToPanel(ctx, `#/sign-in?problem=${encodeURIComponent(problem.message)}`)
  }

  async function redirectToProvider(ctx: Context): Promise<void> {
    const provider = providerOf(ctx)
    const { id, name, scopes } = provider.settings
    const configuration = await provider.configuration().catch((error: unknown) => {
      throw providerProblem(name, error)
    })
    const state = client.randomState()
    const nonce = client.randomNonce()
    const codeVerifier = client.randomPKCECodeVerifier()
    const redirectUri = `${baseOf(ctx)}/auth/oidc/${id}/callback`
    const returnTo = returnRouteOf(ctx.query.return)
    await attempts.keep(state, { provider: id, codeVerifier, nonce, redirectUri, returnTo })
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: scopes.join(' '),
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    ctx.set('Cache-Control', 'no-store')
    ctx.redirect(url.href)
  }

  async function signIn(ctx: Context): Promise<string> {
    const provider = providerOf(ctx)
    const { id, name } = provider.settings
    const state = typeof ctx.query.state === 'string' ? ctx.query.state : ''
    const attempt = await attempts.take(state)
    if (!attempt || attempt.provider !== id)
      throw new SignInProblem('This sign-in expired or was already used: sign in again')
    const claims = await provider
      .configuration()
      .then((configuration) => claimsOfAnswer(configuration, ctx.querystring, state, attempt))
      .catch((error: unknown) => {
        throw providerProblem(name, error)
      })
    const profile = profileOf(claims, name)
    const groups = groupsOf(claims, provider.settings.groupsClaim)
    const person = await people.personOf({ provider: provider.settings, profile, groups })
    await deps.startSession(ctx, person, id)
    deps.logger.info({ provider: id, personId: person.id }, 'signed in through a provider')
    return attempt.returnTo
  }

  /** Runs one step; a failure of any kind ends on the sign-in page, named and logged. */
  const refusing = (step: string, run: (ctx: Context) => Promise<void>): Middleware =>
    async function providerSignInStep(ctx) {
      try {
        await run(ctx)
      } catch (error) {
        const problem =
          error instanceof SignInProblem
            ? error
            : new SignInProblem('The sign-in could not be finished: try again later', {
                cause: error,
              })
        refuse(ctx, problem, step)
      }
    }

  return {
    providers: [...clients.values()].map(({ settings }) => ({
      id: settings.id,
      name: settings.name,
    })),
    start: refusing('start', redirectToProvider),
    finish: refusing('callback', async (ctx) => redirectToPanel(ctx, await signIn(ctx))),
  }
}
