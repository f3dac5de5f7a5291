import { AppError, InternalError } from './app-errors.ts'
import type { ErrorCode, ErrorDetail } from './app-errors.ts'
import { codeForStatus, HTTP_STATUS_BY_CODE } from './http-status.ts'

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: readonly ErrorDetail[] }
}

/** Koa and its middleware signal client errors with `status` + `expose`; those keep their message. */
function fromHttpError(error: unknown): AppError | undefined {
  const candidate = error as { status?: unknown; expose?: unknown; message?: unknown }
  if (typeof candidate?.status !== 'number' || candidate.status < 400 || candidate.status >= 500)
    return undefined
  const code = codeForStatus(candidate.status)
  const message =
    candidate.expose === true && typeof candidate.message === 'string' ? candidate.message : code
  return new AppError(code, message, { cause: error })
}

/** Any thrown value as an AppError; unknown errors become a generic internal error. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  return fromHttpError(error) ?? new InternalError('Internal server error', { cause: error })
}

export function errorResponse(error: unknown): {
  status: number
  body: ErrorBody
  appError: AppError
} {
  const appError = toAppError(error)
  const body: ErrorBody = { error: { code: appError.code, message: appError.message } }
  if (appError.details && appError.details.length > 0) body.error.details = appError.details
  return { status: HTTP_STATUS_BY_CODE[appError.code], body, appError }
}
