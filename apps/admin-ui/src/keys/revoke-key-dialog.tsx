import type { CmsAdminClient } from '@cms/client'
import type { ApiKey } from '../api/admin-resources.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useAttempt } from '../ui/use-attempt.ts'

export interface RevokeKeyDialogProps {
  api: CmsAdminClient
  websiteId: string
  apiKey: ApiKey
  onClose: (revoked: boolean) => void
}

export function RevokeKeyDialog({ api, websiteId, apiKey, onClose }: RevokeKeyDialogProps) {
  const {
    busy,
    error,
    run: revoke,
  } = useAttempt(async () => {
    await api.keys.revoke(websiteId, apiKey.id)
    onClose(true)
  })
  return (
    <ConfirmDialog
      title={`Revoke “${apiKey.name}”?`}
      confirmLabel="Revoke key"
      busy={busy}
      onConfirm={revoke}
      onCancel={() => onClose(false)}
    >
      <p>
        Requests with the key <code>{apiKey.prefix}…</code> are refused within 5 seconds. This
        cannot be undone: a client that still needs access needs a new key.
      </p>
      <ErrorMessage error={error} />
    </ConfirmDialog>
  )
}
