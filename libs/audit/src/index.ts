export { canonicalJson, chained, CHAIN_START, entryHash, PLATFORM_CHAIN } from './audit-entry.ts'
export type { AuditActor, AuditEntry, AuditRecord, AuditTarget } from './audit-entry.ts'
export { verifyChain } from './chain-verification.ts'
export type {
  ChainExpectations,
  ChainPoint,
  ChainProblem,
  ChainVerdict,
} from './chain-verification.ts'
