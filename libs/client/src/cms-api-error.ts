import type { ErrorCode, ErrorDetail } from '@cms/errors'

/** The codes of the contract's error table, the one list the services answer with. */
export { ERROR_CODES } from '@cms/errors'
export type { ErrorCode, ErrorDetail }

/** An answer of the API that is not 2xx, as `{error: {code, message, details}}` says it. */
export class CmsApiError extends Error {
  readonly status: number
  /** The contract's code, or `HTTP_<status>` when the body was not the contract's shape. */
  readonly code: ErrorCode | (string & {})
  readonly details: readonly ErrorDetail[]
  /** The gateway's `x-request-id`, to find the request in its logs. */
  readonly requestId: string | undefined
  /** `Retry-After` of a 429 or 503, in seconds. */
  readonly retryAfterSeconds: number | undefined
  /** How many times the request was sent. */
  readonly attempts: number

  constructor(options: {
    status: number
    code: string
    message: string
    details?: readonly ErrorDetail[]
    requestId?: string | undefined
    retryAfterSeconds?: number | undefined
    attempts?: number
  }) {
    super(options.message)
    this.name = 'CmsApiError'
    this.status = options.status
    this.code = options.code
    this.details = options.details ?? []
    this.requestId = options.requestId
    this.retryAfterSeconds = options.retryAfterSeconds
    this.attempts = options.attempts ?? 1
  }
}

/** No answer at all: the gateway could not be reached, or the request was aborted. */
export class CmsNetworkError extends Error {
  readonly baseUrl: string

  constructor(baseUrl: string, cause: unknown) {
    const reason = (cause as { cause?: { code?: string; message?: string } } | undefined)?.cause
    super(
      `cannot reach the gateway at ${baseUrl} (${reason?.code ?? reason?.message ?? (cause as Error)?.message})`,
      { cause },
    )
    this.name = 'CmsNetworkError'
    this.baseUrl = baseUrl
  }
}

/** The error an answer's body and headers describe. */
export function errorOfAnswer(
  status: number,
  headers: Headers,
  text: string,
  attempts: number,
): CmsApiError {
  let body: { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined
  try {
    body = text === '' ? undefined : JSON.parse(text)
  } catch {
    body = undefined
  }
  const error = body?.error
  return new CmsApiError({
    status,
    code: typeof error?.code === 'string' ? error.code : `HTTP_${status}`,
    message:
      typeof error?.message === 'string' ? error.message : text.slice(0, 200) || `HTTP ${status}`,
    details: Array.isArray(error?.details) ? (error.details as ErrorDetail[]) : [],
    requestId: headers.get('x-request-id') ?? undefined,
    retryAfterSeconds: retryAfterSecondsOf(headers.get('retry-after'), Date.now()),
    attempts,
  })
}

/** `Retry-After` as seconds from now: delay-seconds or an HTTP date (RFC 9110 10.2.3). */
export function retryAfterSecondsOf(value: string | null, now: number): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, Math.ceil((date - now) / 1000))
}
