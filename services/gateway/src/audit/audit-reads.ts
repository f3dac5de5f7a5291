import { pageEnvelope, pageRequestOf, skipOf } from '@cms/pagination'
import type { PageEnvelope } from '@cms/pagination'
import type { AuditQuery } from '@cms/contract'
import type { AuditEntry } from '@cms/audit'
import type { AuditStore } from '@cms/audit/store'

/**
 * A chain's entries as the query (checked by the mount against the contract) filters and orders
 * them: `desc`, newest first, by default.
 */
export async function auditPage(
  store: AuditStore,
  chain: string,
  query: AuditQuery,
): Promise<PageEnvelope<AuditEntry>> {
  const request = pageRequestOf(query)
  const { entries, total } = await store.page(
    {
      chain,
      ...(query.actor && { actor: query.actor }),
      ...(query.action && { action: query.action }),
      ...(query.targetKind && { targetKind: query.targetKind }),
      ...(query.target && { target: query.target }),
      ...(query.from && { from: new Date(query.from).toISOString() }),
      ...(query.to && { to: new Date(query.to).toISOString() }),
    },
    { order: query.order ?? 'desc', skip: skipOf(request), limit: request.limit },
  )
  return pageEnvelope(entries, total, request)
}
