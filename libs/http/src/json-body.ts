import bodyParser from 'koa-bodyparser'
import type { Middleware } from 'koa'
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '@cms/errors'

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length']
  if (length !== undefined) return length !== '0'
  return headers['transfer-encoding'] !== undefined
}

/**
 * JSON request bodies only: another media type is 415, a body over the limit 413 (checked
 * before reading when the length is declared), malformed JSON 422.
 */
export function jsonBody(options: { limitBytes?: number } = {}): Middleware {
  const limitBytes = options.limitBytes ?? DEFAULT_BODY_LIMIT_BYTES
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: `${limitBytes}b`,
    strict: true,
    onerror: (error) => {
      const status = (error as { status?: number }).status
      if (status === 413) throw new PayloadTooLargeError(limitBytes)
      throw new ValidationError('Request body is not valid JSON', [
        { path: '', message: 'malformed JSON' },
      ])
    },
  })
  return async function jsonBodyMiddleware(ctx, next) {
    if (!hasBody(ctx.req.headers)) return next()
    if (!ctx.is('application/json', 'application/*+json')) throw new UnsupportedMediaTypeError()
    const declared = Number(ctx.get('content-length') || 0)
    if (declared > limitBytes) throw new PayloadTooLargeError(limitBytes)
    await parse(ctx, next)
  }
}
