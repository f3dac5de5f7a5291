export * from './app-errors.ts'
export { codeForStatus, HTTP_STATUS_BY_CODE } from './http-status.ts'
export { errorResponse, toAppError } from './error-body.ts'
export type { ErrorBody } from './error-body.ts'
