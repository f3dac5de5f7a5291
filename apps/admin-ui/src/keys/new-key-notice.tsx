import type { CreatedApiKey } from '../api/admin-resources.ts'
import { formatDateTime } from '../ui/format.ts'
import { ShownOnce } from '../ui/shown-once.tsx'
import { keyAccess } from './key-status.ts'

export function NewKeyNotice({
  created,
  onDismiss,
}: {
  created: CreatedApiKey
  onDismiss: () => void
}) {
  return (
    <ShownOnce
      id="new-key"
      heading={<>Copy the new key “{created.name}” now</>}
      label={`API key (${keyAccess(created)})`}
      value={created.key}
      noun="key"
      details={
        created.replaces && (
          <>
            It replaces a rotated key, which stops working at{' '}
            <strong>{formatDateTime(created.replaces.expiresAt)}</strong>.
          </>
        )
      }
      onDismiss={onDismiss}
    >
      Only its prefix is kept, so store it somewhere safe (a secret manager, your deployment's
      settings) before you close this.
    </ShownOnce>
  )
}
