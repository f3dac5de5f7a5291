import type { Middleware } from 'koa'
import { UnauthorizedError } from '@cms/errors'
import { sameSecret } from '@cms/http'
import type { AuthFailureThrottle } from '../domain/auth-failure-throttle.ts'

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i

/** The platform operator's `Authorization: Bearer <CMS_ADMIN_TOKEN>`, compared in constant time. */
export function requireAdminToken(deps: {
  token: string
  throttle: AuthFailureThrottle
}): Middleware {
  return async function requireAdminTokenMiddleware(ctx, next) {
    deps.throttle.assertAllowed(ctx.ip)
    const given = BEARER.exec(ctx.get('authorization'))?.[1]
    if (given === undefined || !sameSecret(given, deps.token)) {
      ctx.set('WWW-Authenticate', 'Bearer')
      if (given !== undefined) await deps.throttle.recordFailure(ctx.ip)
      throw new UnauthorizedError('A valid admin token is required (Authorization: Bearer <token>)')
    }
    await next()
  }
}
