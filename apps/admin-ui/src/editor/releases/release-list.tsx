import { useState } from 'preact/hooks'
import { Pager } from '../../content/pager.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { TableRegion } from '../../ui/table-region.tsx'
import { useAttempt } from '../../ui/use-attempt.ts'
import { useResource } from '../../ui/use-resource.ts'
import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'
import { ReleaseState } from './release-state.tsx'

const RELEASES_PER_PAGE = 20

/** `#/editor/releases`: the website's releases with their state, and a new one by name. */
export function ReleaseList({ site }: { site: EditorSite }) {
  const [page, setPage] = useState(1)
  const releases = useResource(
    () => site.client.releases.list({ page, limit: RELEASES_PER_PAGE }),
    [site, page],
  )
  const data = releases.data
  return (
    <div class="stack-large">
      <div class="editor-heading">
        <h1>Releases</h1>
        <CreateRelease site={site} />
      </div>
      <ErrorMessage error={releases.error} />
      {!data && releases.loading && (
        <p class="muted" role="status">
          Loading releases…
        </p>
      )}
      {data?.docs.length === 0 && (
        <p class="muted" role="status">
          No releases yet.
        </p>
      )}
      {data && data.docs.length > 0 && (
        <>
          <TableRegion label="Releases">
            <table class="document-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">State</th>
                  <th scope="col">Documents</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {data.docs.map((release) => (
                  <tr key={release.id}>
                    <th scope="row">
                      <a href={editorHref({ view: 'release', id: release.id })}>{release.name}</a>
                    </th>
                    <td>
                      <ReleaseState release={release} />
                    </td>
                    <td>{release.entries.length}</td>
                    <td class="nowrap">{formatDateTime(release.updatedAt)}</td>
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

function CreateRelease({ site }: { site: EditorSite }) {
  const [name, setName] = useState('')
  const attempt = useAttempt(async () => {
    const release = await site.client.releases.create({ name: name.trim() })
    location.hash = editorHref({ view: 'release', id: release.id })
  })
  return (
    <form
      class="inline-field new-document"
      onSubmit={(event) => {
        event.preventDefault()
        void attempt.run()
      }}
    >
      <label for="new-release-name">New release named</label>
      <input
        id="new-release-name"
        required
        maxLength={200}
        value={name}
        onInput={(event) => setName(event.currentTarget.value)}
      />
      <button type="submit" class="button button-primary" disabled={attempt.busy}>
        Create release
      </button>
      <ErrorMessage error={attempt.error} />
    </form>
  )
}
