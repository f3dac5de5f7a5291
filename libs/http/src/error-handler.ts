import type { Middleware } from 'koa'
import type { Logger } from 'pino'
import type { AppError } from '@cms/errors'
import { errorResponse, MethodNotAllowedError, NotFoundError, RateLimitedError } from '@cms/errors'

/** Turns a library's error (a driver's lost connection, say) into a domain error, or passes. */
export type ErrorTranslator = (error: unknown) => AppError | undefined

/**
 * Mounted first: every failure below it, and a request no route answered, leaves as the
 * contract's error body. Server errors are logged with the request id and never echo internals.
 */
export function errorHandler(
  logger: Logger,
  translators: readonly ErrorTranslator[] = [],
): Middleware {
  const translate = (error: unknown): unknown => {
    for (const translator of translators) {
      const translated = translator(error)
      if (translated) return translated
    }
    return error
  }
  return async function errorHandlerMiddleware(ctx, next) {
    try {
      await next()
      if (ctx.status === 404 && ctx.body === undefined)
        throw new NotFoundError(`No route for ${ctx.method} ${ctx.path}`)
    } catch (error) {
      const { status, body, appError } = errorResponse(translate(error))
      const log = ctx.state.log ?? logger
      if (status >= 500) log.error({ err: error, code: appError.code }, 'request failed')
      if (appError instanceof RateLimitedError)
        ctx.set('Retry-After', String(appError.retryAfterSeconds))
      if (appError instanceof MethodNotAllowedError) ctx.set('Allow', appError.allowed.join(', '))
      ctx.status = status
      ctx.body = body
    }
  }
}
