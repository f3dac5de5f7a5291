export { createHttpService } from './http-service.ts'
export type { HttpService, HttpServiceOptions, Listening, ListenOptions } from './http-service.ts'
export { accessLogFields, accessLogLevel } from './access-log.ts'
export type { ReadinessCheck } from './health.ts'
export { errorHandler } from './error-handler.ts'
export type { ErrorTranslator } from './error-handler.ts'
export { jsonBody, DEFAULT_BODY_LIMIT_BYTES } from './json-body.ts'
export { requestId, requestIdOf, REQUEST_ID_HEADER } from './request-id.ts'
export {
  INTERNAL_HEADERS,
  internalHeaders,
  KEY_SCOPES,
  OPERATOR_KEY_ID,
  requireInternalCaller,
  sameSecret,
  typesHeader,
} from './internal-auth.ts'
export type { Caller, CallerActor, KeyScope } from './internal-auth.ts'
export { authorizationHeaders, grantHeaders, grantOf } from './gateway-authorization.ts'
export type { Grant } from './gateway-authorization.ts'
export { mountEndpoints, mountOperations } from './mount-operations.ts'
export type {
  EndpointHandler,
  EndpointHandlers,
  EndpointParams,
  OperationHandlers,
} from './mount-operations.ts'
export { createInternalClient } from './internal-client.ts'
export type { InternalAnswer, InternalClient } from './internal-client.ts'
export {
  DEFAULT_WEBSITE_QUOTAS,
  QUOTA_CEILINGS,
  QUOTA_NAMES,
  quotaExceeded,
  quotaRefusal,
  quotasFrom,
} from './website-quotas.ts'
export type { QuotaName, WebsiteQuotas } from './website-quotas.ts'
export { runService } from './run-service.ts'
export type { RunningService } from './run-service.ts'
export { routed } from './routed.ts'
export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_RETENTION_MS,
  idOfKeyedCreate,
  keyedCreate,
  keyStillHeld,
  writeKeyOf,
} from './write-key.ts'
export type { KeyedCreate } from './write-key.ts'
export { parseQueryString } from './query-string.ts'
export { actorOfCaller, callerRecord, requestRecord } from './caller-record.ts'
export type { RecordedChange } from './caller-record.ts'
export { audited, auditedHandlers, bodyMembers } from './audited-handlers.ts'
export type { AuditAppender, AuditedChange, RecordOf } from './audited-handlers.ts'
