import { AuditLog } from '../../audit/audit-log.tsx'
import { readAuditFilters, writeAuditFilters } from '../../audit/audit-filters.ts'
import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'

/** `#/editor/activity`: who changed what on the website, filtered and paged (readAudit). */
export function WebsiteActivity({ site, query }: { site: EditorSite; query: URLSearchParams }) {
  return (
    <div class="stack-large">
      <h1>Activity</h1>
      <p class="muted">Every change made on this website and who made it, newest first.</p>
      <AuditLog
        label="Activity"
        source="website"
        filters={readAuditFilters(query)}
        load={(auditQuery) => site.client.audit.list(auditQuery)}
        hrefOf={(filters) => editorHref({ view: 'activity', query: writeAuditFilters(filters) })}
      />
    </div>
  )
}
