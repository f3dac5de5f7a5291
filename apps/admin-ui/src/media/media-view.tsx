import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { MediaFile } from '../api/admin-resources.ts'
import { Pager } from '../content/pager.tsx'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useResource } from '../ui/use-resource.ts'
import { DeleteMediaDialog } from './delete-media-dialog.tsx'
import { EditMediaDialog } from './edit-media-dialog.tsx'
import { MediaTable } from './media-table.tsx'
import { UploadMediaForm } from './upload-media-form.tsx'

const MEDIA_PER_PAGE = 20

/** The website's media library, newest first: upload, preview, describe and delete. */
export function MediaView({ api, websiteId }: { api: CmsAdminClient; websiteId: string }) {
  const [page, setPage] = useState(1)
  const media = useResource(
    () => api.media.list(websiteId, { page, limit: MEDIA_PER_PAGE }),
    [api, websiteId, page],
  )
  const [uploaded, setUploaded] = useState<MediaFile>()
  const [deleting, setDeleting] = useState<MediaFile>()
  const [editing, setEditing] = useState<MediaFile>()
  const [saved, setSaved] = useState<MediaFile>()
  const data = media.data
  return (
    <div class="stack-large">
      <h2>Media</h2>
      <UploadMediaForm
        api={api}
        websiteId={websiteId}
        onUploaded={(file) => {
          setSaved(undefined)
          setUploaded(file)
          if (page === 1) media.reload()
          else setPage(1)
        }}
      />
      {uploaded && (
        <p class="message message-info" role="status">
          Uploaded {uploaded.filename}.
        </p>
      )}
      {saved && (
        <p class="message message-info" role="status">
          Saved the alt text and caption of {saved.filename}.
        </p>
      )}
      <ErrorMessage error={media.error} />
      {!data && media.loading && (
        <p class="muted" role="status">
          Loading media…
        </p>
      )}
      {data?.totalDocs === 0 && <p class="muted">This website has no media files yet.</p>}
      {data && data.docs.length > 0 && (
        <>
          <MediaTable files={data.docs} onEdit={setEditing} onDelete={setDeleting} />
          <Pager of={data} onPage={setPage} />
        </>
      )}
      {editing && (
        <EditMediaDialog
          api={api}
          websiteId={websiteId}
          file={editing}
          onClose={(file) => {
            setEditing(undefined)
            if (file) {
              setUploaded(undefined)
              setSaved(file)
              media.reload()
            }
          }}
        />
      )}
      {deleting && (
        <DeleteMediaDialog
          api={api}
          websiteId={websiteId}
          file={deleting}
          onClose={(deleted) => {
            setDeleting(undefined)
            if (deleted) {
              setUploaded(undefined)
              setSaved(undefined)
              media.reload()
            }
          }}
        />
      )}
    </div>
  )
}
