export { pathOf, UPSTREAMS } from './operation.ts'
export type {
  Access,
  ContentChange,
  HttpMethod,
  Operation,
  PathParams,
  Upstream,
} from './operation.ts'
export { PUBLIC_OPERATIONS } from './public-operations.ts'
export type { PublicOperationId, PublicOperations } from './public-operations.ts'
export { matchPublicOperation } from './public-operations.ts'
export { operationMatcher } from './operation-match.ts'
export type { OperationMatch } from './operation-match.ts'
export { asksForDrafts, authorize } from './authorization.ts'
export type { Authorization } from './authorization.ts'
