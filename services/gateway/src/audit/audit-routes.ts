import type { AdminIo, AdminOperations, PublicIo, PublicOperations } from '@cms/contract'
import { PLATFORM_CHAIN } from '@cms/audit'
import type { EndpointHandlers } from '@cms/http'
import type { AuditLog } from '@cms/audit/store'
import { auditPage } from './audit-reads.ts'
import type { AuditStore } from '@cms/audit/store'

export interface AuditReads {
  store: AuditStore
  log: Pick<AuditLog, 'head'>
}

/** `GET /api/audit` and its head: the calling key's website's chain (readAudit). */
export function publicAuditRoutes(
  deps: AuditReads,
): EndpointHandlers<PublicOperations, 'listAudit' | 'getAuditHead', PublicIo> {
  return {
    listAudit: async (ctx) => {
      ctx.body = await auditPage(deps.store, ctx.state.caller.websiteId, ctx.state.input.query)
    },
    getAuditHead: async (ctx) => {
      ctx.body = await deps.log.head(ctx.state.caller.websiteId)
    },
  }
}

const chainOf = (query: { chain?: string }) => query.chain || PLATFORM_CHAIN

/** `GET /admin/api/audit` and its head: any chain, the platform's by default. */
export function adminAuditRoutes(
  deps: AuditReads,
): EndpointHandlers<AdminOperations, 'viewAudit' | 'getAuditHead', AdminIo> {
  return {
    viewAudit: async (ctx) => {
      const { chain, ...query } = ctx.state.input.query
      ctx.body = await auditPage(deps.store, chainOf({ chain }), query)
    },
    getAuditHead: async (ctx) => {
      ctx.body = await deps.log.head(chainOf(ctx.state.input.query))
    },
  }
}
