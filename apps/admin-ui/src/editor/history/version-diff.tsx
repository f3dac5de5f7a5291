import type { CmsDocument, ContentType, DocumentVersion } from '@cms/client'
import { TableRegion } from '../../ui/table-region.tsx'
import { valueText } from './value-text.ts'

/** Field by field, side by side: the chosen version and the current document; changes marked. */
export function VersionDiff({
  type,
  version,
  current,
}: {
  type: ContentType
  version: DocumentVersion
  current: CmsDocument
}) {
  const rows = [
    { name: 'slug', label: 'Slug', before: version.slug, after: current.slug },
    ...type.fields.map((field) => ({
      name: field.name,
      label: field.label,
      before: valueText(version.data[field.name]),
      after: valueText(current.data[field.name]),
    })),
  ]
  const changed = rows.filter((row) => row.before !== row.after).length
  return (
    <>
      <p class="muted" role="status">
        {changed === 0
          ? 'No differences.'
          : `${changed} ${changed === 1 ? 'field differs' : 'fields differ'}.`}
      </p>
      <TableRegion label="Differences">
        <table class="diff-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Version {version.version}</th>
              <th scope="col">Current (version {current.version})</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const differs = row.before !== row.after
              return (
                <tr key={row.name} class={differs ? 'diff-changed' : undefined}>
                  <th scope="row">
                    {row.label}
                    {differs && <span class="badge badge-pending">changed</span>}
                  </th>
                  <td class={differs ? 'diff-before' : undefined}>
                    <pre>{row.before || '—'}</pre>
                  </td>
                  <td class={differs ? 'diff-after' : undefined}>
                    <pre>{row.after || '—'}</pre>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableRegion>
    </>
  )
}
