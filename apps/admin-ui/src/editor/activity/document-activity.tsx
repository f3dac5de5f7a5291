import { AuditLog } from '../../audit/audit-log.tsx'
import { readAuditFilters, writeAuditFilters } from '../../audit/audit-filters.ts'
import { useResource } from '../../ui/use-resource.ts'
import { editorHref } from '../editor-route.ts'
import { titleOf } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'

/**
 * `#/editor/documents/<id>/activity`: the log's entries naming the document as their target,
 * newest first. A deleted document's entries stay readable, so its title is only a heading.
 */
export function DocumentActivity({
  site,
  id,
  query,
}: {
  site: EditorSite
  id: string
  query: URLSearchParams
}) {
  const doc = useResource(() => site.client.content.get(id, { draft: true }), [site, id])
  return (
    <div class="stack-large">
      <p class="document-links">
        <a href={editorHref({ view: 'document', id })}>← Back to the document</a>
        <a href={editorHref({ view: 'history', id })}>History</a>
      </p>
      <h1>Activity{doc.data ? ` of “${titleOf(site, doc.data)}”` : ''}</h1>
      <AuditLog
        label="Document activity"
        source={`document:${id}`}
        filters={readAuditFilters(query)}
        load={(auditQuery) => site.client.audit.list({ ...auditQuery, target: id })}
        hrefOf={(filters) =>
          editorHref({ view: 'document-activity', id, query: writeAuditFilters(filters) })
        }
        showTarget={false}
      />
    </div>
  )
}
