export { pathOf, UPSTREAMS } from './operation.ts'
export type {
  ContentChange,
  Endpoint,
  HttpMethod,
  Operation,
  PathParams,
  Server,
  Upstream,
} from './operation.ts'
export { PUBLIC_OPERATIONS } from './public-operations.ts'
export type { PublicOperationId, PublicOperations } from './public-operations.ts'
export { matchPublicOperation } from './public-operations.ts'
export { operationMatcher } from './operation-match.ts'
export type { OperationMatch } from './operation-match.ts'
export { asksForDrafts, authorize } from './authorization.ts'
export type { Authorization, AuthorizationRequest } from './authorization.ts'
export {
  allows,
  BUILT_IN_ROLES,
  CAPABILITIES,
  CONTENT_ACTIONS,
  coversType,
  intersectTypes,
  isBuiltInRole,
  isCapability,
  isWithin,
  namedTypes,
  PERMISSIONS,
  permissionsFrom,
  restrictToTypes,
  ROLE_OF_SCOPE,
  typesOf,
} from './permissions.ts'
export type {
  BuiltInRole,
  Capability,
  ContentAction,
  Permission,
  Permissions,
  TypeList,
} from './permissions.ts'
export { ADMIN_OPERATIONS } from './admin-operations.ts'
export type { AdminOperationId, AdminOperations } from './admin-operations.ts'
export {
  ENTRY_EVENTS,
  ERROR_CODES,
  FIELD_TYPES,
  KEY_SCOPES,
  QUOTA_NAMES,
  RELEASE_EVENTS,
  WEBHOOK_EVENTS,
} from './vocabulary.ts'
export type {
  EntryEventName,
  ErrorCode,
  FieldType,
  KeyScope,
  QuotaName,
  ReleaseEventName,
  WebhookEventName,
} from './vocabulary.ts'
export {
  MAX_BLOCK_COMPONENTS,
  MAX_COMPONENT_DEPTH,
  MAX_COMPONENT_ITEMS,
  MAX_FIELDS,
  MAX_LOCALES,
  MAX_PATTERN_LENGTH,
  MAX_SELECT_OPTIONS,
  MAX_TEXT_LENGTH_LIMIT,
  PAGE_LIMITS,
  QS_DEPTH,
  QUERY_STRING_LIMITS,
  QUOTA_CEILINGS,
  RESERVED_FIELD_NAMES,
  TEXT_LIMITS,
} from './limits.ts'
export * from './schemas/index.ts'
export * from './schemas/requests/params.ts'
export { isRawBody } from './operation-io.ts'
export type {
  AnswerOf,
  BodyOf,
  OperationAnswer,
  OperationInput,
  OperationIo,
  ParamsOf,
  QueryOf,
  RawBody,
} from './operation-io.ts'
export { OpenApiDocument, PUBLIC_IO } from './public-io.ts'
export type { PublicIo } from './public-io.ts'
export { ADMIN_IO } from './admin-io.ts'
export type { AdminIo } from './admin-io.ts'
export { ACCOUNT_OPERATIONS } from './account-operations.ts'
export type { AccountOperationId, AccountOperations } from './account-operations.ts'
export { ACCOUNT_IO } from './account-io.ts'
export type { AccountIo } from './account-io.ts'
export {
  boundedTags,
  cacheTagOf,
  cacheTags,
  MAX_TAG_HEADER_LENGTH,
  surrogateKeyOf,
  tagsOfEntryEvent,
  tagsOfHeader,
  tagsOfMediaChange,
  tagsOfTypeChange,
} from './cache-tags.ts'
export type { TaggedEntryEvent, TaggedTypeChange } from './cache-tags.ts'
