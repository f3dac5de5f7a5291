import { useState } from 'preact/hooks'
import type { MediaFile } from '@cms/client'
import { CmsApiError } from '@cms/client'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { formatBytes } from '../../ui/format.ts'
import type { EditorSite } from '../editor-site.ts'

const RASTER = /^image\/(png|jpeg|webp|avif|gif)$/

/** One file: its preview, facts, alt text (saved with PATCH) and delete (asks first). */
export function MediaCard({
  site,
  file,
  onChanged,
}: {
  site: EditorSite
  file: MediaFile
  onChanged: () => void
}) {
  const [alt, setAlt] = useState(file.alt ?? '')
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle')
  const [error, setError] = useState<unknown>()
  const [deleting, setDeleting] = useState<'ask' | 'referenced'>()
  const [busy, setBusy] = useState(false)
  const id = `media-${file.id}`
  const saveAlt = async (event: Event) => {
    event.preventDefault()
    setState('saving')
    setError(undefined)
    try {
      await site.client.media.update(file.id, { alt: alt.trim() === '' ? null : alt.trim() })
      setState('saved')
    } catch (failure) {
      setError(failure)
      setState('idle')
    }
  }
  const remove = async (force: boolean) => {
    setBusy(true)
    try {
      await site.client.media.delete(file.id, force ? { force: true } : undefined)
      setDeleting(undefined)
      onChanged()
    } catch (failure) {
      if (failure instanceof CmsApiError && failure.status === 409) {
        setError(failure)
        setDeleting('referenced')
      } else {
        setError(failure)
        setDeleting(undefined)
      }
    } finally {
      setBusy(false)
    }
  }
  return (
    <li class="media-card" aria-labelledby={`${id}-name`}>
      {RASTER.test(file.mimeType) ? (
        <img src={`${file.url}?w=160`} alt={file.alt ?? ''} class="media-preview" />
      ) : (
        <span class="media-preview media-preview-none">{file.mimeType}</span>
      )}
      <p id={`${id}-name`} class="media-name">
        <a href={file.url}>{file.filename}</a>
      </p>
      <p class="muted">
        {formatBytes(file.size)}
        {file.width && file.height ? ` · ${file.width} × ${file.height}` : ''}
      </p>
      <form class="media-alt" onSubmit={saveAlt}>
        <label for={`${id}-alt`}>Alt text of {file.filename}</label>
        <input
          id={`${id}-alt`}
          type="text"
          value={alt}
          onInput={(event) => {
            setAlt(event.currentTarget.value)
            setState('idle')
          }}
        />
        <div class="actions">
          <button type="submit" class="button button-small" disabled={state === 'saving'}>
            {state === 'saved' ? 'Saved' : 'Save alt text'}
          </button>
          <button
            type="button"
            class="button button-small button-danger"
            aria-label={`Delete ${file.filename}`}
            onClick={() => setDeleting('ask')}
          >
            Delete
          </button>
        </div>
      </form>
      {!deleting && <ErrorMessage error={error} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${file.filename}?`}
          confirmLabel={deleting === 'referenced' ? 'Delete anyway' : 'Delete'}
          busy={busy}
          onConfirm={() => remove(deleting === 'referenced')}
          onCancel={() => {
            setDeleting(undefined)
            setError(undefined)
          }}
        >
          {deleting === 'referenced' ? (
            <ErrorMessage error={error} />
          ) : (
            <p>Its URL stops working at once.</p>
          )}
        </ConfirmDialog>
      )}
    </li>
  )
}
