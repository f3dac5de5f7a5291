// The audit log's entries (docs/audit.md), from @cms/contract.
import type {
  AdminAuditQuery,
  AuditEntry as AuditEntrySchema,
  AuditHead as AuditHeadSchema,
  AuditQuery as AuditQuerySchema,
} from '@cms/contract'

/** One entry, with every member its hash covers. */
export type AuditEntry = AuditEntrySchema
/** The last entry of a chain: keep it elsewhere, and a chain cut short is found. */
export type AuditHead = AuditHeadSchema
/** Filters and paging of a website's entries. */
export type AuditQuery = AuditQuerySchema
/** Filters and paging of any chain (`chain`: a website id or `platform`). */
export type ChainAuditQuery = AdminAuditQuery
