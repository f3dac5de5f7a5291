import type { Release } from '@cms/client'
import { TableRegion } from '../../ui/table-region.tsx'
import { editorHref } from '../editor-route.ts'
import type { EntryProblems } from './entry-problems.ts'

/** A release's entries: document, type, action and version, each with its problems and Remove. */
export function ReleaseEntryTable({
  release,
  titles,
  problems,
  editable,
  onRemove,
}: {
  release: Release
  titles: ReadonlyMap<string, string> | undefined
  problems: EntryProblems
  editable: boolean
  onRemove: (index: number) => void
}) {
  if (release.entries.length === 0) {
    return <p class="muted">No documents yet: add them below, or from the documents list.</p>
  }
  return (
    <TableRegion label="Entries">
      <table class="document-table release-entries">
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">Type</th>
            <th scope="col">Action</th>
            <th scope="col">Version</th>
            {editable && <th scope="col">Remove</th>}
          </tr>
        </thead>
        <tbody>
          {release.entries.map((entry, index) => {
            const title = titles?.get(entry.documentId) ?? entry.documentId
            const found = problems.byEntry.get(index) ?? []
            const problemId = `entry-problem-${index}`
            return (
              <tr key={entry.documentId} class={found.length > 0 ? 'entry-invalid' : undefined}>
                <th scope="row">
                  <a
                    href={editorHref({ view: 'document', id: entry.documentId })}
                    aria-describedby={found.length > 0 ? problemId : undefined}
                  >
                    {title}
                  </a>
                  {found.length > 0 && (
                    <ul id={problemId} class="entry-problems">
                      {found.map((problem) => (
                        <li key={`${problem.path}:${problem.message}`} class="field-problem">
                          {problem.path && <code>{problem.path}</code>} {problem.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </th>
                <td>{entry.type}</td>
                <td>{entry.action}</td>
                <td>{entry.version ?? 'current draft'}</td>
                {editable && (
                  <td>
                    <button
                      type="button"
                      class="button button-small"
                      aria-label={`Remove ${title}`}
                      onClick={() => onRemove(index)}
                    >
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
    </TableRegion>
  )
}
