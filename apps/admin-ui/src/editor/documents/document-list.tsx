import type { CmsDocument } from '@cms/client'
import { useState } from 'preact/hooks'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { TableRegion } from '../../ui/table-region.tsx'
import { useResource } from '../../ui/use-resource.ts'
import { Pager } from '../../content/pager.tsx'
import { editorHref } from '../editor-route.ts'
import { titleOf } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { BulkBar } from '../bulk/bulk-bar.tsx'
import { useDocumentSelection } from '../bulk/document-selection.ts'
import type { SelectedDocument } from '../bulk/document-selection.ts'
import { ListFilters } from './list-filters.tsx'
import { StatusCounts } from './status-counts.tsx'
import { listQuery, readSettings, writeSettings } from './list-query.ts'
import type { ListSettings } from './list-query.ts'

export function DocumentList({ site, query }: { site: EditorSite; query: URLSearchParams }) {
  const settings = readSettings(query)
  const key = JSON.stringify(settings)
  const page = useResource(() => site.client.content.list(listQuery(site, settings)), [site, key])
  const go = (next: Partial<ListSettings>) => {
    location.hash = editorHref({
      view: 'documents',
      query: writeSettings({ ...settings, page: 1, ...next }),
    })
  }
  const data = page.data
  const selection = useDocumentSelection()
  const [bulkChanges, setBulkChanges] = useState(0)
  /** After a bulk change the page may lie past the end: the list starts again at page 1. */
  const reread = () => {
    if (settings.page > 1) go({})
    else page.reload()
    setBulkChanges((count) => count + 1)
  }
  const shown = (data?.docs ?? []).map((doc) => selectedOf(site, doc))
  const allShownChosen = shown.length > 0 && shown.every((doc) => selection.has(doc.id))
  return (
    <div class="stack-large">
      <div class="editor-heading">
        <h1>Documents</h1>
        <NewDocumentLink site={site} preferred={settings.type} />
      </div>
      <ListFilters site={site} settings={settings} onChange={go} />
      <StatusCounts
        key={bulkChanges}
        site={site}
        settings={settings}
        onStatus={(status) => go({ status })}
      />
      <BulkBar site={site} selection={selection} onChanged={reread} />
      <ErrorMessage error={page.error} />
      {!data && page.loading && (
        <p class="muted" role="status">
          Loading documents…
        </p>
      )}
      {data?.docs.length === 0 && (
        <p class="muted" role="status">
          No documents match.
        </p>
      )}
      {data && data.docs.length > 0 && (
        <>
          <TableRegion label="Documents">
            <table class="document-table">
              <thead>
                <tr>
                  <th scope="col" class="select-cell">
                    <input
                      type="checkbox"
                      class="checkbox"
                      aria-label="Select all documents on this page"
                      checked={allShownChosen}
                      onChange={(event) => selection.setAll(shown, event.currentTarget.checked)}
                    />
                  </th>
                  <th scope="col">Title</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {data.docs.map((doc) => {
                  const chosen = selectedOf(site, doc)
                  return (
                    <tr key={doc.id}>
                      <td class="select-cell">
                        <input
                          type="checkbox"
                          class="checkbox"
                          aria-label={`Select ${chosen.title}`}
                          checked={selection.has(doc.id)}
                          onChange={(event) =>
                            selection.toggle(chosen, event.currentTarget.checked)
                          }
                        />
                      </td>
                      <th scope="row">
                        <a href={editorHref({ view: 'document', id: doc.id })}>{chosen.title}</a>
                      </th>
                      <td>{doc.type}</td>
                      <td>
                        <span class={`badge badge-${doc.status}`}>{doc.status}</span>
                        {doc.hasPendingDraft && (
                          <span class="badge badge-pending">changes pending</span>
                        )}
                      </td>
                      <td class="nowrap">{formatDateTime(doc.updatedAt)}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </TableRegion>
          <p class="muted" role="status">
            {rangeText(data.page, data.limit, data.docs.length, data.totalDocs)}
          </p>
          <Pager of={data} onPage={(next) => go({ page: next })} />
        </>
      )}
    </div>
  )
}

const selectedOf = (site: EditorSite, doc: CmsDocument): SelectedDocument => ({
  id: doc.id,
  type: doc.type,
  title: titleOf(site, doc),
})

function rangeText(page: number, limit: number, shown: number, total: number | null): string {
  const first = (page - 1) * limit + 1
  return `Showing ${first}–${first + shown - 1} of ${total ?? 'many'}`
}

function NewDocumentLink({ site, preferred }: { site: EditorSite; preferred: string }) {
  const [type, setType] = useState(preferred || site.types[0]?.name || '')
  if (site.types.length === 0) {
    return <p class="muted">This website has no content types yet.</p>
  }
  return (
    <form
      class="inline-field new-document"
      onSubmit={(event) => {
        event.preventDefault()
        if (type) location.hash = editorHref({ view: 'new', type })
      }}
    >
      <label for="new-document-type">New document of type</label>
      <select
        id="new-document-type"
        value={type}
        onChange={(event) => setType(event.currentTarget.value)}
      >
        {site.types.map((each) => (
          <option key={each.name} value={each.name}>
            {each.label}
          </option>
        ))}
      </select>
      <button type="submit" class="button button-primary">
        New document
      </button>
    </form>
  )
}
