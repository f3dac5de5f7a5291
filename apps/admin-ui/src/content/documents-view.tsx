import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import { ErrorMessage } from '../ui/error-message.tsx'
import { formatDateTime } from '../ui/format.ts'
import { TableRegion } from '../ui/table-region.tsx'
import { useResource } from '../ui/use-resource.ts'
import { Pager } from './pager.tsx'

const DOCUMENTS_PER_PAGE = 20

/** Drafts included: the operator sees everything the website holds, newest first. */
export function DocumentsView({ api, websiteId }: { api: CmsAdminClient; websiteId: string }) {
  const [page, setPage] = useState(1)
  const documents = useResource(
    () => api.websites.documents(websiteId, { page, limit: DOCUMENTS_PER_PAGE }),
    [api, websiteId, page],
  )
  const data = documents.data
  return (
    <div class="stack-large">
      <h2>Documents</h2>
      <p class="muted">Read-only, drafts included.</p>
      <ErrorMessage error={documents.error} />
      {!data && documents.loading && (
        <p class="muted" role="status">
          Loading documents…
        </p>
      )}
      {data?.totalDocs === 0 && <p class="muted">This website has no documents yet.</p>}
      {data && data.docs.length > 0 && (
        <>
          <TableRegion label="Documents">
            <table>
              <thead>
                <tr>
                  <th scope="col">Slug</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {data.docs.map((doc) => (
                  <tr key={doc.id}>
                    <th scope="row">
                      <code>{doc.slug}</code>
                    </th>
                    <td>{doc.type}</td>
                    <td>
                      <span class={`badge badge-${doc.status}`}>{doc.status}</span>
                    </td>
                    <td class="nowrap">{formatDateTime(doc.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <Pager of={data} onPage={setPage} />
        </>
      )}
    </div>
  )
}
