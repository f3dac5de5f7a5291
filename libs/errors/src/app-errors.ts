import type { ErrorCode } from '@cms/contract'

/**
 * Domain errors: a stable `code`, a message and typed details, and no HTTP status.
 * `http-status.ts` is the one place that maps a code to a status.
 */
export { ERROR_CODES } from '@cms/contract'
export type { ErrorCode } from '@cms/contract'

export interface ErrorDetail {
  path: string
  message: string
}

export class AppError extends Error {
  readonly code: ErrorCode
  readonly details: readonly ErrorDetail[] | undefined

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: readonly ErrorDetail[]; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.name = new.target.name
    this.code = code
    this.details = options.details
  }
}

export class UnauthorizedError extends AppError {
  constructor(
    message = 'A valid API key is required',
    options?: { cause?: unknown; details?: readonly ErrorDetail[] },
  ) {
    super('UNAUTHORIZED', message, options)
  }
}

export class ForbiddenError extends AppError {
  constructor(
    message = 'This key does not have the permission this request needs',
    options: { details?: readonly ErrorDetail[] } = {},
  ) {
    super('FORBIDDEN', message, options)
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super('NOT_FOUND', message)
  }
}

export class MethodNotAllowedError extends AppError {
  readonly allowed: readonly string[]

  constructor(allowed: readonly string[]) {
    super('METHOD_NOT_ALLOWED', `Method not allowed; allowed: ${allowed.join(', ')}`)
    this.allowed = allowed
  }
}

export class ConflictError extends AppError {
  constructor(message: string, options: { details?: readonly ErrorDetail[] } = {}) {
    super('CONFLICT', message, options)
  }
}

export class PreconditionFailedError extends AppError {
  constructor(message = 'The resource has changed since the given If-Match version') {
    super('PRECONDITION_FAILED', message)
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super('PAYLOAD_TOO_LARGE', `Request body exceeds ${limitBytes} bytes`)
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Request bodies must be application/json') {
    super('UNSUPPORTED_MEDIA_TYPE', message)
  }
}

/** A `Range` no byte of the resource falls in; the answer carries `Content-Range: bytes *\/<size>`. */
export class RangeNotSatisfiableError extends AppError {
  readonly size: number

  constructor(size: number) {
    super(
      'RANGE_NOT_SATISFIABLE',
      `The requested range is outside the ${size} bytes of the resource`,
    )
    this.size = size
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details: readonly ErrorDetail[] = []) {
    super('VALIDATION_ERROR', message, { details })
  }

  static single(path: string, message: string): ValidationError {
    return new ValidationError(message, [{ path, message }])
  }
}

export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number

  constructor(
    retryAfterSeconds: number,
    message = 'Too many requests',
    options: { details?: readonly ErrorDetail[] } = {},
  ) {
    super('RATE_LIMITED', message, options)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'A backing service is unavailable; try again shortly',
    options?: { cause?: unknown },
  ) {
    super('SERVICE_UNAVAILABLE', message, options)
  }
}

export class InternalError extends AppError {
  constructor(message = 'Internal server error', options?: { cause?: unknown }) {
    super('INTERNAL_ERROR', message, options)
  }
}

/** A feature this process cannot offer (e.g. image transforms where sharp cannot load). */
export class NotImplementedError extends AppError {
  constructor(message: string) {
    super('NOT_IMPLEMENTED', message)
  }
}

/** What was asked for is no longer kept (a sync token older than the change log's window). */
export class GoneError extends AppError {
  constructor(message: string) {
    super('GONE', message)
  }
}
