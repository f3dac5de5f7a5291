import type { AuditEntry, AuditQuery, Page } from '@cms/client'
import { Pager } from '../content/pager.tsx'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useResource } from '../ui/use-resource.ts'
import { AuditFilterForm } from './audit-filter-form.tsx'
import { auditQueryOf } from './audit-filters.ts'
import type { AuditFilters } from './audit-filters.ts'
import { AuditTable } from './audit-table.tsx'
import { auditRefusal } from './audit-words.ts'

/**
 * One chain's entries (or a document's), newest first, 20 a page, filtered by actor, action and
 * time range. The filters live in the hash (`hrefOf`), so back, reload and a shared link work.
 */
export function AuditLog({
  label,
  source,
  filters,
  load,
  hrefOf,
  showTarget = true,
}: {
  label: string
  /** What `load` reads (a chain, a document): a new source loads again. */
  source: string
  filters: AuditFilters
  load: (query: AuditQuery) => Promise<Page<AuditEntry>>
  hrefOf: (filters: AuditFilters) => string
  showTarget?: boolean
}) {
  const key = JSON.stringify(filters)
  const entries = useResource(() => load(auditQueryOf(filters)), [source, key])
  const go = (next: AuditFilters) => {
    location.hash = hrefOf(next)
  }
  const refusal = auditRefusal(entries.error)
  const data = entries.data
  return (
    <>
      <AuditFilterForm key={key} filters={filters} onApply={go} />
      {refusal ? (
        <p class="message message-error" role="alert">
          {refusal}
        </p>
      ) : (
        <ErrorMessage error={entries.error} />
      )}
      {!data && entries.loading && (
        <p class="muted" role="status">
          Loading activity…
        </p>
      )}
      {data?.docs.length === 0 && (
        <p class="muted" role="status">
          No activity matches.
        </p>
      )}
      {data && data.docs.length > 0 && (
        <>
          <AuditTable
            label={label}
            entries={data.docs}
            showTarget={showTarget}
            actorHref={(actor) => hrefOf({ ...filters, actor, page: 1 })}
          />
          <Pager of={data} onPage={(page) => go({ ...filters, page })} />
        </>
      )}
    </>
  )
}
