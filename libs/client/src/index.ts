export { createCmsClient } from './cms-client.ts'
export type { CmsClient, CmsClientOptions } from './cms-client.ts'
export { createCmsAdminClient } from './admin-client.ts'
export type { CmsAdminClient, CmsAdminClientOptions } from './admin-client.ts'
export { createCmsAccountClient } from './account-client.ts'
export type { CmsAccountClient, CmsAccountClientOptions } from './account-client.ts'
export { CSRF_HEADER } from './session-auth.ts'
export type { SessionAuth } from './session-auth.ts'
export { CmsApiError, CmsNetworkError, ERROR_CODES } from './cms-api-error.ts'
export type { ErrorCode, ErrorDetail } from './cms-api-error.ts'
export { DEFAULT_RETRY, retryDelayMs } from './retry-policy.ts'
export type { RetryOptions } from './retry-policy.ts'
export { createTransport } from './transport.ts'
export type {
  CallOptions,
  CmsAnswer,
  CmsRequest,
  RequestBody,
  Transport,
  TransportOptions,
} from './transport.ts'
export { queryString } from './query-string.ts'
export type { ChangeQuery, WriteQuery } from './content-api.ts'
export * from './types/account.ts'
export * from './types/admin.ts'
export * from './types/content-type.ts'
export * from './types/component.ts'
export * from './types/document.ts'
export * from './types/list.ts'
export * from './types/locale.ts'
export * from './types/media.ts'
export * from './types/people.ts'
export * from './types/query.ts'
export * from './types/webhook.ts'
export * from './types/audit.ts'
export * from './types/changes.ts'
export * from './types/sync.ts'
export type { ChangeStreamOptions } from './changes-api.ts'
export type { GraphqlError, GraphqlOptions, GraphqlRequest, GraphqlResult } from './graphql-api.ts'
