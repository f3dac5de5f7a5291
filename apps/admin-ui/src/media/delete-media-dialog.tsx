import { useState } from 'preact/hooks'
import { CmsApiError } from '@cms/client'
import type { CmsAdminClient } from '@cms/client'
import type { MediaFile } from '../api/admin-resources.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../ui/error-message.tsx'

export interface DeleteMediaDialogProps {
  api: CmsAdminClient
  websiteId: string
  file: MediaFile
  onClose: (deleted: boolean) => void
}

/**
 * A file a document names is refused (409) with the documents' ids; the operator then sees that
 * message and may delete it anyway (`force=true`), leaving those documents without the file.
 */
export function DeleteMediaDialog({ api, websiteId, file, onClose }: DeleteMediaDialogProps) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const [referenced, setReferenced] = useState(false)
  const remove = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await api.media.delete(websiteId, file.id, { force: referenced })
      onClose(true)
    } catch (failure) {
      if (failure instanceof CmsApiError && failure.status === 409) setReferenced(true)
      setError(failure)
      setBusy(false)
    }
  }
  return (
    <ConfirmDialog
      title={`Delete “${file.filename}”?`}
      confirmLabel={referenced ? 'Delete anyway' : 'Delete file'}
      busy={busy}
      onConfirm={remove}
      onCancel={() => onClose(false)}
    >
      <p>
        The file and its resized copies are removed and its URL answers 404 at once. This cannot be
        undone.
      </p>
      <ErrorMessage error={error} />
      {referenced && (
        <p>
          Deleting it anyway leaves those documents naming a file that no longer exists (they show
          it as missing).
        </p>
      )}
    </ConfirmDialog>
  )
}
