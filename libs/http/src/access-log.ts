import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Context, Middleware } from 'koa'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import type { Caller } from './internal-auth.ts'

/** Probes that answer every few seconds: logged at debug, so they do not flood the logs. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics'])

/**
 * What one access line says. Never a key, a header or a body: the key is named by its prefix
 * (what the admin API lists), the caller by its website.
 */
export function accessLogFields(ctx: Context): Record<string, unknown> {
  // Set by a service's internal auth, or by the gateway once a key authenticated.
  const caller = ctx.state.caller as Caller | undefined
  const route = (ctx as { _matchedRoute?: string })._matchedRoute
  return {
    requestId: ctx.state.requestId,
    traceId: ctx.state.trace?.traceId,
    method: ctx.method,
    route: route === undefined ? null : String(route),
    path: ctx.path,
    status: ctx.res.statusCode,
    ...(caller?.websiteId && { websiteId: caller.websiteId }),
    ...(caller?.keyPrefix && { keyPrefix: caller.keyPrefix }),
  }
}

export function accessLogLevel(path: string, status: number): 'debug' | 'info' | 'error' {
  if (PROBE_PATHS.has(path)) return 'debug'
  return status >= 500 ? 'error' : 'info'
}

/**
 * The request's context, kept on its response for pino-http's callbacks. Not in a WeakMap: with
 * the contexts there, V8's scavenges kept every request's context and all it references alive
 * into the old generation (~6 KB a request, 29 MB/s of promotion at 5,000 cached reads a second;
 * docs/performance.md, "GC").
 */
const CONTEXT = Symbol('koa context')
type WithContext = ServerResponse & { [CONTEXT]?: Context }
const contextOf = (res: ServerResponse): Context | undefined => (res as WithContext)[CONTEXT]

/**
 * One line per request, written by pino-http when the response ends (or the client leaves):
 * `accessLogFields` plus `durationMs`, `aborted` when the response never finished. Mounted
 * inside the request id middleware, whose id pino-http takes.
 */
export function accessLog(logger: Logger): Middleware {
  const line = (req: IncomingMessage, res: ServerResponse, durationMs: number) => {
    const ctx = contextOf(res)
    const fields = ctx ? accessLogFields(ctx) : { method: req.method, status: res.statusCode }
    return { ...fields, durationMs, ...(!res.writableEnded && { aborted: true }) }
  }
  const httpLogger = pinoHttp({
    logger,
    genReqId: (req) => (req as { id?: string }).id ?? '',
    customAttributeKeys: { responseTime: 'durationMs' },
    // The access line carries the request id itself: no child logger per request.
    quietReqLogger: false,
    quietResLogger: true,
    // pino-http would otherwise bind the whole request (its headers hold the API key).
    serializers: { req: () => undefined },
    // 'silent' below the logger's level: pino-http then builds no line at all (the bench runs at warn).
    customLogLevel: (_req, res) => {
      const level = accessLogLevel(contextOf(res)?.path ?? '', res.statusCode)
      return logger.isLevelEnabled(level) ? level : 'silent'
    },
    customSuccessObject: (req, res, value: { durationMs: number }) =>
      line(req, res, value.durationMs),
    customErrorObject: (req, res, _error, value: { durationMs: number }) =>
      line(req, res, value.durationMs),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
  })
  return async function accessLogMiddleware(ctx, next) {
    ;(ctx.req as { id?: string }).id = ctx.state.requestId
    ;(ctx.res as WithContext)[CONTEXT] = ctx
    httpLogger(ctx.req, ctx.res)
    await next()
  }
}
