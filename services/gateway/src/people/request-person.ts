import type { Context } from 'koa'
import { ForbiddenError, UnauthorizedError } from '@cms/errors'
import { sameSecret } from '@cms/http'
import { PERSONAL_TOKEN_PREFIX } from './person-authenticator.ts'
import type { PersonAuthenticator, SignedIn } from './person-authenticator.ts'
import { sessionIdOf } from './session-cookie.ts'

declare module 'koa' {
  interface DefaultState {
    /** The person a request is made as (session cookie or personal token). */
    signedIn?: SignedIn
  }
}

export const CSRF_HEADER = 'x-csrf-token'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i

/** A personal token in `Authorization: Bearer`, when that is what the header carries. */
export function presentedPersonalToken(ctx: Context): string | undefined {
  const bearer = BEARER.exec(ctx.get('authorization'))?.[1]
  return bearer?.startsWith(PERSONAL_TOKEN_PREFIX) ? bearer : undefined
}

/** Whether the request carries a person's credential at all (a session cookie or a personal token). */
export const carriesPerson = (ctx: Context): boolean =>
  presentedPersonalToken(ctx) !== undefined || sessionIdOf(ctx) !== undefined

/**
 * A page of another origin may make the browser send the cookie (a form's POST, within one
 * site); it cannot read the session's CSRF token, which every write through the cookie carries.
 */
function assertCsrf(ctx: Context, signedIn: SignedIn): void {
  if (SAFE_METHODS.has(ctx.method) || !signedIn.session) return
  assertSameOrigin(ctx)
  const given = ctx.get(CSRF_HEADER)
  if (!given || !sameSecret(given, signedIn.session.session.csrfToken))
    throw new ForbiddenError(
      `A write made with a session cookie must send the session's ${CSRF_HEADER} header`,
    )
}

/**
 * Where the gateway is reached: `PUBLIC_URL`, else the request's own scheme and host (Koa 3's
 * `ctx.origin` is the Origin header, not this).
 */
export const publicBase = (ctx: Context, publicUrl?: string): string =>
  (publicUrl ?? `${ctx.protocol}://${ctx.host}`).replace(/\/+$/, '')

/** The panel's address of a hash route (`#/...`) under a `publicBase`. */
export const panelUrl = (base: string, route: string): string => `${base}/admin${route}`

/** A write whose Origin is another site's is refused (sign-in forms included). */
export function assertSameOrigin(ctx: Context, publicUrl?: string): void {
  const origin = ctx.get('origin')
  if (!origin || SAFE_METHODS.has(ctx.method)) return
  const own = [`${ctx.protocol}://${ctx.host}`, ...(publicUrl ? [new URL(publicUrl).origin] : [])]
  if (!own.includes(origin)) throw new ForbiddenError(`Requests from ${origin} are not accepted`)
}

/**
 * The person a request is made as, CSRF-checked; undefined when it carries no person's
 * credential. A credential that is not (or no longer) valid is a 401.
 */
export async function personOfRequest(
  ctx: Context,
  people: PersonAuthenticator,
): Promise<SignedIn | undefined> {
  const token = presentedPersonalToken(ctx)
  const sessionId = token === undefined ? sessionIdOf(ctx) : undefined
  if (token === undefined && sessionId === undefined) return undefined
  const signedIn = token ? await people.byToken(token) : await people.bySession(sessionId!)
  if (!signedIn)
    throw new UnauthorizedError(
      token
        ? 'The personal access token is not valid (revoked, expired, or its person disabled)'
        : 'The session has ended; sign in again',
    )
  assertCsrf(ctx, signedIn)
  ctx.state.signedIn = signedIn
  return signedIn
}

/** The signed-in person, or 401. */
export function requireSignedIn(ctx: Context): SignedIn {
  const signedIn = ctx.state.signedIn
  if (!signedIn)
    throw new UnauthorizedError('Sign in first: this needs a session or a personal token')
  return signedIn
}
