import { useRef, useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { MediaFile } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'

export interface UploadMediaFormProps {
  api: CmsAdminClient
  websiteId: string
  onUploaded: (file: MediaFile) => void
}

/** One file and its alt text, sent as the multipart form `POST /api/media` takes. */
export function UploadMediaForm({ api, websiteId, onUploaded }: UploadMediaFormProps) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [alt, setAlt] = useState('')
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: Event) => {
    event.preventDefault()
    const file = fileInput.current?.files?.[0]
    if (!file) return
    setBusy(true)
    setError(undefined)
    try {
      onUploaded(await api.media.upload(websiteId, { file, alt: alt.trim() || undefined }))
      setAlt('')
      if (fileInput.current) fileInput.current.value = ''
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="upload-media-heading">
      <h3 id="upload-media-heading">Upload a file</h3>
      <div class="form-grid">
        <div class="field">
          <label for="media-file">File</label>
          <input
            id="media-file"
            ref={fileInput}
            type="file"
            required
            aria-describedby="media-file-hint"
          />
          <p id="media-file-hint" class="hint">
            Images (JPEG, PNG, WebP, AVIF, GIF), PDF, MP4, WebM or MP3. The type is read from the
            file itself.
          </p>
        </div>
        <div class="field">
          <label for="media-alt">Alt text</label>
          <input
            id="media-alt"
            maxLength={2000}
            value={alt}
            onInput={(event) => setAlt(event.currentTarget.value)}
            aria-describedby="media-alt-hint"
          />
          <p id="media-alt-hint" class="hint">
            What the image shows, for people who cannot see it.
          </p>
        </div>
      </div>
      <ErrorMessage error={error} />
      <div class="actions">
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </button>
      </div>
    </form>
  )
}
