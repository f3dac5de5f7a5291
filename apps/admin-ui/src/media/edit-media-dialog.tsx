import { useEffect, useRef, useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { MediaFile } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'

export interface EditMediaDialogProps {
  api: CmsAdminClient
  websiteId: string
  file: MediaFile
  /** The file as saved, or undefined when the operator cancelled. */
  onClose: (saved?: MediaFile) => void
}

/** The API's limit on alt text and caption. */
const MAX_TEXT = 2000

/**
 * Alt text and caption of one file, saved with `PATCH .../media/:id`; an emptied field is saved
 * as null (no alt text), never as an empty string. A modal `<dialog>` like the confirmations.
 */
export function EditMediaDialog({ api, websiteId, file, onClose }: EditMediaDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const altInput = useRef<HTMLInputElement>(null)
  const [alt, setAlt] = useState(file.alt ?? '')
  const [caption, setCaption] = useState(file.caption ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    altInput.current?.focus()
    return () => element?.close()
  }, [])
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      onClose(
        await api.media.update(websiteId, file.id, {
          alt: alt.trim() || null,
          caption: caption.trim() || null,
        }),
      )
    } catch (failure) {
      setError(failure)
      setBusy(false)
    }
  }
  return (
    <dialog
      ref={dialog}
      class="dialog"
      aria-labelledby="edit-media-title"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <form class="stack" onSubmit={submit}>
        <h2 id="edit-media-title">Describe “{file.filename}”</h2>
        <div class="field">
          <label for="edit-media-alt">Alt text</label>
          <input
            id="edit-media-alt"
            ref={altInput}
            maxLength={MAX_TEXT}
            value={alt}
            onInput={(event) => setAlt(event.currentTarget.value)}
            aria-describedby="edit-media-alt-hint"
          />
          <p id="edit-media-alt-hint" class="hint">
            What the image shows, for people who cannot see it. Empty: none.
          </p>
        </div>
        <div class="field">
          <label for="edit-media-caption">Caption</label>
          <textarea
            id="edit-media-caption"
            rows={3}
            maxLength={MAX_TEXT}
            value={caption}
            onInput={(event) => setCaption(event.currentTarget.value)}
          />
        </div>
        <ErrorMessage error={error} />
        <div class="actions">
          <button type="button" class="button" onClick={() => onClose()}>
            Cancel
          </button>
          <button type="submit" class="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
