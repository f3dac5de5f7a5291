import type { ErrorCode } from './app-errors.ts'

export const HTTP_STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  VALIDATION_ERROR: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  NOT_IMPLEMENTED: 501,
}

const CODE_BY_HTTP_STATUS = new Map<number, ErrorCode>(
  Object.entries(HTTP_STATUS_BY_CODE).map(([code, status]) => [status, code as ErrorCode]),
)

/** The contract's code for an HTTP status (used for errors raised by libraries, e.g. a 413 from the body parser). */
export function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'VALIDATION_ERROR'
  return CODE_BY_HTTP_STATUS.get(status) ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR')
}
