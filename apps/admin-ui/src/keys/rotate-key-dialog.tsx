import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { ApiKey, CreatedApiKey } from '../api/admin-resources.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useAttempt } from '../ui/use-attempt.ts'

/** The API's default grace (3600 s) and its longest (7 days), in the minutes the dialog asks. */
const DEFAULT_GRACE_MINUTES = 60
const MAX_GRACE_MINUTES = 7 * 24 * 60

export interface RotateKeyDialogProps {
  api: CmsAdminClient
  websiteId: string
  apiKey: ApiKey
  /** The new key when rotated, undefined when cancelled. */
  onClose: (rotated?: CreatedApiKey) => void
}

/** A new secret for the key; the old one keeps working for the grace period asked here. */
export function RotateKeyDialog({ api, websiteId, apiKey, onClose }: RotateKeyDialogProps) {
  const [minutes, setMinutes] = useState(String(DEFAULT_GRACE_MINUTES))
  const {
    busy,
    error,
    run: rotate,
  } = useAttempt(async () => {
    const graceSeconds = Math.round(Number(minutes) * 60)
    onClose(await api.keys.rotate(websiteId, apiKey.id, { graceSeconds }))
  })
  return (
    <ConfirmDialog
      title={`Rotate “${apiKey.name}”?`}
      confirmLabel="Rotate key"
      busy={busy}
      onConfirm={rotate}
      onCancel={() => onClose()}
    >
      <p>
        A new key with the same name, role, content types, expiry and plan is shown once. The old
        key <code>{apiKey.prefix}…</code> keeps working for the grace period, so clients can move to
        the new one, and is then refused.
      </p>
      <label for="rotate-grace">Grace period (minutes)</label>
      <input
        id="rotate-grace"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_GRACE_MINUTES}
        step={1}
        required
        value={minutes}
        aria-describedby="rotate-grace-hint"
        onInput={(event) => setMinutes(event.currentTarget.value)}
      />
      <p id="rotate-grace-hint" class="hint">
        0 ends the old key at once; at most {MAX_GRACE_MINUTES.toLocaleString('en')} (7 days).
      </p>
      <ErrorMessage error={error} />
    </ConfirmDialog>
  )
}
