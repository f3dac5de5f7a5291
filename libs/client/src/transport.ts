import { CmsNetworkError, errorOfAnswer, retryAfterSecondsOf } from './cms-api-error.ts'
import { newIdempotencyKey } from './idempotency-key.ts'
import { DEFAULT_RETRY, RETRIED_STATUSES, retryDelayMs } from './retry-policy.ts'
import type { RetryOptions } from './retry-policy.ts'

/** What fetch sends as a body (a string, a form, bytes, a stream). */
export type RequestBody = NonNullable<RequestInit['body']>

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export interface TransportOptions {
  /** The gateway's origin, e.g. `https://cms.example.com`. */
  baseUrl: string
  /** Sent on every request (the API key or the admin token). */
  headers: Record<string, string>
  /** Sent on every request but GET (a session's `x-csrf-token`), read at each request. */
  writeHeaders?: () => Record<string, string>
  fetch?: typeof fetch
  retry?: Partial<RetryOptions>
  /** Per attempt, the answer's body included; none by default. Exports and imports are not bound. */
  timeoutMs?: number
  /** Waits between attempts; tests pass one that records. */
  sleep?: (ms: number) => Promise<void>
  /** Makes the `Idempotency-Key` of each write. */
  newIdempotencyKey?: () => string
}

/** Per call: preconditions, a caller-chosen idempotency key, cancellation. */
export interface CallOptions {
  /** `If-Match`: a document's version (number) or an ETag as received. */
  ifMatch?: string | number
  /** Replaces the key the client would make for this write. */
  idempotencyKey?: string
  signal?: AbortSignal
  headers?: Record<string, string>
}

export interface CmsRequest extends CallOptions {
  method: HttpMethod
  /** Path and query, each segment already encoded. */
  path: string
  /** A JSON body. */
  json?: unknown
  /** Any other body (a form, a stream); a stream is sent once, never retried. */
  body?: RequestBody
  contentType?: string
  accept?: string
  /** Writes of the public API carry an `Idempotency-Key`. */
  keyed?: boolean
  /** Not bound by `timeoutMs` (exports and imports, which take as long as the website is large). */
  untimed?: boolean
}

/** A 2xx answer: its parsed JSON body (undefined when empty) and its exact text. */
export interface CmsAnswer<T> {
  status: number
  headers: Headers
  body: T
  text: string
}

export interface Transport {
  readonly baseUrl: string
  request<T>(request: CmsRequest): Promise<CmsAnswer<T>>
  /** The 2xx response with its body unread (exports); errors are thrown as for `request`. */
  stream(request: CmsRequest): Promise<Response>
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const isStream = (body: RequestBody | undefined): boolean =>
  typeof ReadableStream !== 'undefined' && body instanceof ReadableStream

/**
 * Whether a refused attempt may be sent again. A 429 never ran. A 503 may have committed, so it
 * is retried only when the request is safe to repeat: a GET, PUT or DELETE, or a write carrying
 * an `Idempotency-Key` (the API answers its retry with what the first one did).
 */
function retriable(status: number, request: CmsRequest, keyed: boolean): boolean {
  if (!(RETRIED_STATUSES as readonly number[]).includes(status)) return false
  if (isStream(request.body)) return false
  if (status === 429) return true
  return (
    keyed || request.method === 'GET' || request.method === 'PUT' || request.method === 'DELETE'
  )
}

const etag = (value: string | number): string => (typeof value === 'number' ? `"${value}"` : value)

/** fetch with the contract's errors, retries on 429/503 and one idempotency key per write. */
export function createTransport(options: TransportOptions): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const policy: RetryOptions = { ...DEFAULT_RETRY, ...options.retry }
  const sleep = options.sleep ?? defaultSleep
  const newKey = options.newIdempotencyKey ?? newIdempotencyKey

  async function send(request: CmsRequest): Promise<Response> {
    const idempotencyKey = request.keyed ? (request.idempotencyKey ?? newKey()) : undefined
    const headers: Record<string, string> = {
      accept: request.accept ?? 'application/json',
      ...options.headers,
      ...(request.method === 'GET' ? {} : options.writeHeaders?.()),
      ...(request.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(request.contentType ? { 'content-type': request.contentType } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(request.ifMatch !== undefined ? { 'if-match': etag(request.ifMatch) } : {}),
      ...request.headers,
    }
    const body = request.json !== undefined ? JSON.stringify(request.json) : request.body
    for (let attempt = 1; ; attempt++) {
      const signals = [
        request.signal,
        options.timeoutMs === undefined || request.untimed
          ? undefined
          : AbortSignal.timeout(options.timeoutMs),
      ].filter((signal): signal is AbortSignal => signal !== undefined)
      let response: Response
      try {
        response = await fetchFn(`${baseUrl}${request.path}`, {
          method: request.method,
          headers,
          ...(body === undefined ? {} : { body }),
          ...(isStream(body) ? { duplex: 'half' } : {}),
          ...(signals.length === 0 ? {} : { signal: AbortSignal.any(signals) }),
        } as RequestInit)
      } catch (error) {
        throw new CmsNetworkError(baseUrl, error)
      }
      if (response.ok) return response
      const delay = retriable(response.status, request, idempotencyKey !== undefined)
        ? retryDelayMs({
            policy,
            attempt,
            retryAfterSeconds: retryAfterSecondsOf(response.headers.get('retry-after'), Date.now()),
          })
        : undefined
      if (delay === undefined)
        throw errorOfAnswer(response.status, response.headers, await response.text(), attempt)
      await response.body?.cancel()
      await sleep(delay)
    }
  }

  return {
    baseUrl,
    async request<T>(request: CmsRequest): Promise<CmsAnswer<T>> {
      const response = await send(request)
      const text = await response.text()
      let body: unknown
      if (text !== '') {
        try {
          body = JSON.parse(text)
        } catch {
          body = text
        }
      }
      return { status: response.status, headers: response.headers, body: body as T, text }
    },
    stream: send,
  }
}
