import type { AuditEntry } from '@cms/client'
import { formatDateTime } from '../ui/format.ts'
import { TableRegion } from '../ui/table-region.tsx'
import { actorText, targetText } from './audit-words.ts'

/**
 * Entries as the API answered them (newest first). An actor with an id is a link to the same
 * view filtered to them (`actorHref`), since the filter takes the actor's id.
 */
export function AuditTable({
  label,
  entries,
  showTarget,
  actorHref,
}: {
  label: string
  entries: readonly AuditEntry[]
  showTarget: boolean
  actorHref: (actorId: string) => string
}) {
  return (
    <TableRegion label={label}>
      <table class="audit-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            {showTarget && <th scope="col">Target</th>}
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td class="nowrap">
                <time dateTime={entry.time} title={entry.time}>
                  {formatDateTime(entry.time)}
                </time>
              </td>
              <td>
                {entry.actor.id ? (
                  <a href={actorHref(entry.actor.id)} title={`Only entries by ${entry.actor.id}`}>
                    {actorText(entry.actor)}
                  </a>
                ) : (
                  actorText(entry.actor)
                )}
              </td>
              <td>
                <code>{entry.action}</code>
                {entry.changes && entry.changes.length > 0 && (
                  <span class="muted"> ({entry.changes.join(', ')})</span>
                )}
              </td>
              {showTarget && <td class="audit-target">{targetText(entry.target)}</td>}
              <td>
                <span class={`badge badge-${entry.outcome}`}>{entry.outcome}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  )
}
