import type { CmsAdminClient } from '@cms/client'
import type { Role } from '../api/admin-resources.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useAttempt } from '../ui/use-attempt.ts'

export interface DeleteRoleDialogProps {
  api: CmsAdminClient
  websiteId: string
  role: Role
  onClose: (deleted: boolean) => void
}

/** The API refuses (409) while a live key holds the role; its message is shown here. */
export function DeleteRoleDialog({ api, websiteId, role, onClose }: DeleteRoleDialogProps) {
  const {
    busy,
    error,
    run: remove,
  } = useAttempt(async () => {
    await api.roles.delete(websiteId, role.name)
    onClose(true)
  })
  return (
    <ConfirmDialog
      title={`Delete role “${role.name}”?`}
      confirmLabel="Delete role"
      busy={busy}
      onConfirm={remove}
      onCancel={() => onClose(false)}
    >
      <p>
        A role cannot be deleted while a live key holds it: revoke those keys, or let them expire,
        first.
      </p>
      <ErrorMessage error={error} />
    </ConfirmDialog>
  )
}
