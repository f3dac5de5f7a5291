import type { CmsDocument, ContentType, DocumentVersion } from '@cms/client'
import { TableRegion } from '../../ui/table-region.tsx'
import { useResource } from '../../ui/use-resource.ts'
import type { EditorSite } from '../editor-site.ts'
import { componentLabel, resolvedFields } from '../editor-site.ts'
import { AS_STORED, fieldText } from './field-text.ts'
import type { TextNames } from './field-text.ts'
import { loadValueNames } from './value-names.ts'

/** Field by field, side by side: the chosen version and the current document; changes marked. */
export function VersionDiff({
  site,
  type,
  version,
  current,
  locale,
}: {
  site: EditorSite
  type: ContentType
  version: DocumentVersion
  current: CmsDocument
  locale: string | undefined
}) {
  // Relations and media by title and file name (ids until they are read, or if not found).
  const names = useResource(
    () => loadValueNames(site, type, [version.data, current.data], locale),
    [site, type, version.version, current.version, locale],
  )
  const shownNames: TextNames = {
    ofId: (id) => names.data?.get(id) ?? id,
    ofComponent: (name) => componentLabel(site, name),
  }
  const rows = [
    {
      name: 'slug',
      label: 'Slug',
      differs: version.slug !== current.slug,
      before: version.slug,
      after: current.slug,
    },
    ...resolvedFields(site, type).map((field) => ({
      name: field.name,
      label: field.label,
      // Compared by value, so a renamed related document is no difference.
      differs:
        fieldText(field, version.data[field.name], AS_STORED) !==
        fieldText(field, current.data[field.name], AS_STORED),
      before: fieldText(field, version.data[field.name], shownNames),
      after: fieldText(field, current.data[field.name], shownNames),
    })),
  ]
  const changed = rows.filter((row) => row.differs).length
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
              const { differs } = row
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
