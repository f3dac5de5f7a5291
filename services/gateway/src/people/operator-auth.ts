import type { Middleware } from 'koa'
import { ForbiddenError, UnauthorizedError } from '@cms/errors'
import { sameSecret } from '@cms/http'
import type { AuthFailureThrottle } from '../domain/auth-failure-throttle.ts'
import type { PersonAuthenticator } from './person-authenticator.ts'
import { carriesPerson, personOfRequest } from './request-person.ts'

declare module 'koa' {
  interface DefaultState {
    /** The operator person making an admin call; absent for the admin token. */
    operatorId?: string
  }
}

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i

/**
 * `/admin/api` is an operator's: a person whose account is an operator (session cookie, with
 * its CSRF token on writes, or personal token), or the platform admin token while it is
 * enabled (compared in constant time; failures count against the address).
 */
export function requireOperator(deps: {
  token: string
  tokenEnabled: boolean
  throttle: AuthFailureThrottle
  people: PersonAuthenticator
}): Middleware {
  return async function requireOperatorMiddleware(ctx, next) {
    deps.throttle.assertAllowed(ctx.ip)
    if (carriesPerson(ctx)) {
      const signedIn = await personOfRequest(ctx, deps.people)
      if (!signedIn!.person.operator)
        throw new ForbiddenError('Only an operator may use the admin API')
      ctx.state.operatorId = signedIn!.person.id
      return next()
    }
    const given = BEARER.exec(ctx.get('authorization'))?.[1]
    if (given === undefined || !deps.tokenEnabled || !sameSecret(given, deps.token)) {
      ctx.set('WWW-Authenticate', 'Bearer')
      if (given !== undefined) await deps.throttle.recordFailure(ctx.ip)
      throw new UnauthorizedError(
        deps.tokenEnabled
          ? 'A valid admin token is required (Authorization: Bearer <token>), or an operator signed in'
          : 'Sign in as an operator (the admin token is switched off)',
      )
    }
    await next()
  }
}
