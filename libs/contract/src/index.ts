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
