import { ServiceUnavailableError } from '@cms/errors'
import { activeTrace, traceHeaders } from '@cms/trace'
import { authorizationHeaders } from './gateway-authorization.ts'
import { internalHeaders } from './internal-auth.ts'
import type { Caller } from './internal-auth.ts'
import { REQUEST_ID_HEADER } from './request-id.ts'

/** The request id and `traceparent` of the work under way, so the callee logs the same ids. */
function correlationHeaders(): Record<string, string> {
  const requestId = activeTrace()?.requestId
  return { ...traceHeaders(), ...(requestId && { [REQUEST_ID_HEADER]: requestId }) }
}

export interface InternalAnswer {
  status: number
  headers: Headers
  /** The parsed JSON body; undefined for a 304, a 404 or a body that is not JSON. */
  body: unknown
}

export interface InternalClient {
  /**
   * GET `path` as `caller` with the internal credential. A 404 or 304 is answered (the caller
   * decides), so is a 2xx; a failure to connect, a time-out or any other status is a 503.
   */
  get(caller: Caller, path: string, headers?: Record<string, string>): Promise<InternalAnswer>
  /** POST without a body, answered as `get` is. */
  post(caller: Caller, path: string): Promise<InternalAnswer>
  /**
   * A streamed exchange: `body` is sent as it comes (NDJSON, say) and the answer comes back
   * unread, whatever its status. Only no connection, or no answer's head within `headWithinMs`
   * (the client's time-out by default; `null`: no limit, for a body the service reads to the end
   * before it answers), is a 503.
   */
  stream(
    caller: Caller,
    request: {
      method: 'GET' | 'POST'
      path: string
      body?: AsyncIterable<Uint8Array>
      contentType?: string
      headWithinMs?: number | null
    },
  ): Promise<Response>
}

/**
 * The one client for calls between services: the gateway's caller headers, the request id and
 * trace of the request under way, a time-out, and every unclear answer as 503 SERVICE_UNAVAILABLE naming the service (never its address).
 */
export function createInternalClient(options: {
  /** Named in 503 messages: `The schema service is unavailable`. */
  service: string
  baseUrl: string
  internalToken: string
  timeoutMs: number
  fetch?: typeof fetch
  /** The 503 message when the default one does not say enough. */
  unavailableMessage?: string
}): InternalClient {
  const base = options.baseUrl.replace(/\/+$/, '')
  const fetchFn = options.fetch ?? fetch
  const unavailable = (cause: unknown) =>
    new ServiceUnavailableError(
      options.unavailableMessage ?? `The ${options.service} service is unavailable`,
      { cause },
    )
  async function call(
    method: 'GET' | 'POST',
    caller: Caller,
    path: string,
    headers: Record<string, string> = {},
  ): Promise<InternalAnswer> {
    let response: Response
    try {
      response = await fetchFn(`${base}${path}`, {
        method,
        headers: {
          ...internalHeaders(options.internalToken, caller),
          ...authorizationHeaders(method, path, caller),
          ...correlationHeaders(),
          accept: 'application/json',
          ...headers,
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (error) {
      throw unavailable(error)
    }
    const answered = response.ok || response.status === 304 || response.status === 404
    if (!answered || !response.ok) {
      await response.body?.cancel().catch(() => undefined)
      if (!answered) throw unavailable(new Error(`${options.service} answered ${response.status}`))
      return { status: response.status, headers: response.headers, body: undefined }
    }
    let body: unknown
    try {
      body = await response.json()
    } catch (error) {
      throw unavailable(error)
    }
    return { status: response.status, headers: response.headers, body }
  }

  return {
    get: (caller, path, headers) => call('GET', caller, path, headers),
    post: (caller, path) => call('POST', caller, path),
    async stream(caller, request) {
      const headWithinMs =
        request.headWithinMs === undefined ? options.timeoutMs : request.headWithinMs
      const abort = new AbortController()
      const timer =
        headWithinMs === null
          ? undefined
          : setTimeout(() => abort.abort(new Error('no answer in time')), headWithinMs)
      try {
        return await fetchFn(`${base}${request.path}`, {
          method: request.method,
          headers: {
            ...internalHeaders(options.internalToken, caller),
            ...authorizationHeaders(request.method, request.path, caller),
            ...correlationHeaders(),
            ...(request.contentType && { 'content-type': request.contentType }),
          },
          ...(request.body && {
            body: ReadableStream.from(request.body),
            duplex: 'half',
          }),
          signal: abort.signal,
        } as RequestInit)
      } catch (error) {
        throw unavailable(error)
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
