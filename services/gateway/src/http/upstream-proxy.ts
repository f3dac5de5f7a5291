import { Pool } from 'undici'
import type { Context } from 'koa'
import {
  PayloadTooLargeError,
  ServiceUnavailableError,
  UnsupportedMediaTypeError,
} from '@cms/errors'
import { authorizationHeaders, grantHeaders, internalHeaders } from '@cms/http'
import type { Caller, Grant } from '@cms/http'
import type { Upstream } from './api-routes.ts'
import { limitBody } from './body-limit.ts'
import { downstreamResponseHeaders, upstreamRequestHeaders } from './forward-headers.ts'

export interface UpstreamProxyDeps {
  urls: Readonly<Record<Upstream, string>>
  internalToken: string
  connectTimeoutMs: number
  timeoutMs: number
  bodyLimitBytes: number
  /** Bodies that are not JSON: the media types and limit a request's own rule allows. */
  bodyRuleFor?: (ctx: Context) => BodyRule | undefined
}

export interface BodyRule {
  types: readonly string[]
  limitBytes: number
}

export interface ForwardOptions {
  upstream: Upstream
  /** Path and query as the service serves them (public paths are forwarded unchanged). */
  pathAndQuery: string
  caller: Caller
  /**
   * What the request was granted, when the gateway decided it already (the public pipeline);
   * otherwise it is decided here for `pathAndQuery` (the admin API's calls as the operator).
   */
  grant?: Grant
  /** Sees each chunk of the request body as it is sent on. */
  onBodyChunk?: (chunk: Buffer) => void
}

/** A service's answer read whole. */
export interface FetchedAnswer {
  status: number
  headers: Record<string, string | string[]>
  body: Buffer
}

export interface UpstreamProxy {
  forward(ctx: Context, options: ForwardOptions): Promise<void>
  /**
   * The request's GET sent again apart from it, unconditionally, and its answer read whole: the
   * read cache's refresh of an entry. Reads the request's headers and state, never its response,
   * so it may run on after the client has its answer.
   */
  fetch(ctx: Context, options: ForwardOptions): Promise<FetchedAnswer>
  close(): Promise<void>
}

const SERVICE_NAMES: Readonly<Record<Upstream, string>> = {
  contentRead: 'content',
  contentWrite: 'content',
  schema: 'schema',
  webhook: 'webhook',
}

/** A request body is present when its length is declared non-zero or it is chunked. */
function declaresBody(ctx: Context): boolean {
  const length = ctx.get('content-length')
  if (length !== '') return length !== '0'
  return ctx.get('transfer-encoding') !== ''
}

/** A failure that a fresh connection would not have had: an idle keep-alive socket closed under us. */
function isStaleConnection(error: unknown): boolean {
  const code = (error as { code?: string })?.code
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET'
}

/** Sends once more when a request without a body met a keep-alive connection the service closed. */
async function sendRetryingStale<T>(send: () => Promise<T>, hasBody: boolean): Promise<T> {
  try {
    return await send()
  } catch (error) {
    if (hasBody || !isStaleConnection(error)) throw error
    return send()
  }
}

/** What makes a GET conditional or partial: a refresh asks for the whole answer. */
const CONDITIONAL_HEADERS = ['if-none-match', 'if-modified-since', 'range', 'if-range']

/**
 * Forwards a request to a service over a keep-alive pool: bodies stream both ways, the
 * service's status, headers and body pass back unchanged. A service that refuses, does not
 * connect within `connectTimeoutMs` or does not answer within `timeoutMs` is a 503.
 */
export function createUpstreamProxy(deps: UpstreamProxyDeps): UpstreamProxy {
  const targets = Object.fromEntries(
    Object.entries(deps.urls).map(([upstream, url]) => {
      const parsed = new URL(url)
      const pool = new Pool(parsed.origin, {
        connect: { timeout: deps.connectTimeoutMs },
        headersTimeout: deps.timeoutMs,
        bodyTimeout: deps.timeoutMs,
        keepAliveTimeout: 4000,
        connections: 128,
      })
      return [upstream, { pool, basePath: parsed.pathname.replace(/\/+$/, '') }]
    }),
  ) as Record<Upstream, { pool: Pool; basePath: string }>

  /** The cause (refused, timed out, the upstream's address) is logged, never shown to the client. */
  const unavailable = (upstream: Upstream, error: unknown): ServiceUnavailableError =>
    new ServiceUnavailableError(
      `The ${SERVICE_NAMES[upstream]} service is unavailable; try again shortly`,
      { cause: error },
    )

  const requestHeaders = (ctx: Context, options: ForwardOptions) =>
    upstreamRequestHeaders(ctx.req.headers, {
      internal: {
        ...internalHeaders(deps.internalToken, options.caller),
        ...(options.grant
          ? grantHeaders(options.grant)
          : authorizationHeaders(ctx.method, options.pathAndQuery, options.caller)),
      },
      requestId: ctx.state.requestId,
      traceparent: ctx.state.trace.traceparent,
      clientAddress: ctx.ip,
    })

  return {
    async forward(ctx, options) {
      const { pool, basePath } = targets[options.upstream]
      const hasBody = declaresBody(ctx)
      const rule = deps.bodyRuleFor?.(ctx)
      const limitBytes = rule?.limitBytes ?? deps.bodyLimitBytes
      if (hasBody && !ctx.is(...(rule?.types ?? ['application/json', 'application/*+json'])))
        throw new UnsupportedMediaTypeError(
          rule && `Request bodies must be ${rule.types.join(' or ')}`,
        )
      if (Number(ctx.get('content-length') || 0) > limitBytes) {
        ctx.set('Connection', 'close')
        throw new PayloadTooLargeError(limitBytes)
      }
      const body = hasBody ? limitBody(ctx.req, limitBytes, options.onBodyChunk) : undefined
      const headers = requestHeaders(ctx, options)
      // A client that leaves before the service answers cancels the upstream request; once the
      // body streams, Koa destroys it when the client leaves. One that left while this request
      // waited (for a shared read, say) is not forwarded at all.
      if (ctx.res.destroyed) return
      const clientGone = new AbortController()
      const onClose = () => {
        if (!ctx.res.writableFinished) clientGone.abort()
      }
      ctx.res.once('close', onClose)
      const send = () =>
        pool.request({
          path: `${basePath}${options.pathAndQuery}`,
          method: ctx.method as 'GET',
          headers,
          body: body?.stream ?? null,
          signal: clientGone.signal,
        })
      let response: Awaited<ReturnType<typeof send>>
      try {
        response = await sendRetryingStale(send, body !== undefined)
      } catch (error) {
        if (clientGone.signal.aborted) return
        if (body?.exceeded()) {
          ctx.set('Connection', 'close')
          throw new PayloadTooLargeError(limitBytes)
        }
        throw unavailable(options.upstream, error)
      } finally {
        ctx.res.off('close', onClose)
      }
      ctx.status = response.statusCode
      ctx.set(downstreamResponseHeaders(response.headers))
      // Koa destroys the body when the response ends early (HEAD, a client that left); undici then
      // emits an abort error, which must not go unheard and end the process.
      response.body.on('error', () => undefined)
      if (response.statusCode === 204 || response.statusCode === 304) {
        response.body.resume()
        ctx.body = null
      } else {
        ctx.body = response.body
      }
    },
    async fetch(ctx, options) {
      const { pool, basePath } = targets[options.upstream]
      const headers = requestHeaders(ctx, options)
      for (const name of CONDITIONAL_HEADERS) delete headers[name]
      try {
        const response = await sendRetryingStale(
          () =>
            pool.request({ path: `${basePath}${options.pathAndQuery}`, method: 'GET', headers }),
          false,
        )
        const body = Buffer.from(await response.body.arrayBuffer())
        return {
          status: response.statusCode,
          headers: downstreamResponseHeaders(response.headers),
          body,
        }
      } catch (error) {
        throw unavailable(options.upstream, error)
      }
    },
    async close() {
      await Promise.all(Object.values(targets).map(({ pool }) => pool.close()))
    },
  }
}
