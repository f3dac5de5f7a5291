import type { CmsAdminClient } from '@cms/client'
import { routeHref } from '../app/hash-route.ts'
import { AuditLog } from './audit-log.tsx'
import { readAuditFilters, writeAuditFilters } from './audit-filters.ts'

/** A website's Activity tab: its chain of the audit log, read by the operator. */
export function WebsiteChain({
  api,
  websiteId,
  query,
}: {
  api: CmsAdminClient
  websiteId: string
  query: URLSearchParams
}) {
  return (
    <div class="stack-large">
      <h2>Activity</h2>
      <AuditLog
        label="Website activity"
        source={websiteId}
        filters={readAuditFilters(query)}
        load={(auditQuery) => api.audit.list({ ...auditQuery, chain: websiteId })}
        hrefOf={(filters) =>
          routeHref({ websiteId, tab: 'activity', query: writeAuditFilters(filters) })
        }
      />
    </div>
  )
}
