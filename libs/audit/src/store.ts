export { createAuditLog } from './audit-log.ts'
export type { AuditLog } from './audit-log.ts'
export { createAuditStore } from './audit-store.ts'
export type { AuditFilter, AuditStore } from './audit-store.ts'
