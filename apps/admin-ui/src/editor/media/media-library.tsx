import { useState } from 'preact/hooks'
import { Pager } from '../../content/pager.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { useResource } from '../../ui/use-resource.ts'
import type { EditorSite } from '../editor-site.ts'
import { DropZone } from './drop-zone.tsx'
import { MediaCard } from './media-card.tsx'

const FILES_PER_PAGE = 24

/** The website's media library: drag-and-drop upload and a grid of previews, newest first. */
export function MediaLibrary({ site }: { site: EditorSite }) {
  const [page, setPage] = useState(1)
  const files = useResource(
    () => site.client.media.list({ page, limit: FILES_PER_PAGE }),
    [site, page],
  )
  const data = files.data
  return (
    <div class="stack-large">
      <h1>Media</h1>
      <DropZone site={site} onUploaded={files.reload} />
      <ErrorMessage error={files.error} />
      {data?.totalDocs === 0 && <p class="muted">No files yet.</p>}
      {data && data.docs.length > 0 && (
        <>
          <ul class="media-grid" aria-label="Media files">
            {data.docs.map((file) => (
              <MediaCard key={file.id} site={site} file={file} onChanged={files.reload} />
            ))}
          </ul>
          <Pager of={data} onPage={setPage} />
        </>
      )}
    </div>
  )
}
