import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { Website } from '../api/admin-resources.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../ui/error-message.tsx'
import { RenameWebsiteForm } from './rename-website-form.tsx'

export interface WebsiteActionsProps {
  api: CmsAdminClient
  website: Website
  onRenamed: () => void
  onDeleted: () => void
}

export function WebsiteActions({ api, website, onRenamed, onDeleted }: WebsiteActionsProps) {
  const [mode, setMode] = useState<'idle' | 'renaming' | 'deleting'>('idle')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const remove = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await api.websites.delete(website.id)
      onDeleted()
    } catch (failure) {
      setError(failure)
      setBusy(false)
      setMode('idle')
    }
  }
  if (mode === 'renaming') {
    return (
      <RenameWebsiteForm
        api={api}
        website={website}
        onDone={(renamed) => {
          setMode('idle')
          if (renamed) onRenamed()
        }}
      />
    )
  }
  return (
    <div class="website-actions">
      <div class="actions">
        <button type="button" class="button" onClick={() => setMode('renaming')}>
          Rename
        </button>
        <button type="button" class="button button-danger" onClick={() => setMode('deleting')}>
          Delete website
        </button>
      </div>
      <ErrorMessage error={error} />
      {mode === 'deleting' && (
        <ConfirmDialog
          title={`Delete “${website.name}”?`}
          confirmLabel="Delete website"
          busy={busy}
          onConfirm={remove}
          onCancel={() => setMode('idle')}
        >
          <p>
            The website is removed and every one of its API keys stops working within 5 seconds.
            This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  )
}
