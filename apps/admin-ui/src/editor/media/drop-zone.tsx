import { useState } from 'preact/hooks'
import { ErrorMessage } from '../../ui/error-message.tsx'
import type { EditorSite } from '../editor-site.ts'

/**
 * Files dropped here (or chosen with the file input inside, which is what keyboard and
 * screen-reader users reach) are uploaded one by one with `POST /api/media`.
 */
export function DropZone({ site, onUploaded }: { site: EditorSite; onUploaded: () => void }) {
  const [over, setOver] = useState(false)
  const [progress, setProgress] = useState<string>()
  const [error, setError] = useState<unknown>()
  const uploadAll = async (files: File[]) => {
    if (files.length === 0) return
    setError(undefined)
    let done = 0
    for (const file of files) {
      setProgress(`Uploading ${file.name} (${done + 1} of ${files.length})…`)
      try {
        await site.client.media.upload({ file, filename: file.name })
        done += 1
      } catch (failure) {
        setError(failure)
      }
    }
    setProgress(`${done} of ${files.length} ${files.length === 1 ? 'file' : 'files'} uploaded.`)
    onUploaded()
  }
  return (
    <div
      class={`drop-zone${over ? ' drop-zone-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault()
        setOver(false)
        void uploadAll([...(event.dataTransfer?.files ?? [])])
      }}
    >
      <label for="media-files">Drop images or files here, or choose them</label>
      <input
        id="media-files"
        type="file"
        multiple
        onChange={(event) => {
          const input = event.currentTarget
          void uploadAll([...(input.files ?? [])]).then(() => {
            input.value = ''
          })
        }}
      />
      <p class="hint">Images, PDF, MP4, WebM and MP3; the type is checked from the bytes.</p>
      {progress && (
        <p role="status" class="muted">
          {progress}
        </p>
      )}
      <ErrorMessage error={error} />
    </div>
  )
}
