import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { ApiKey, CreatedApiKey } from '../api/admin-resources.ts'
import { useRoles, useTypeNames } from '../api/website-lists.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useResource } from '../ui/use-resource.ts'
import { CreateKeyForm } from './create-key-form.tsx'
import { KeyTable } from './key-table.tsx'
import { NewKeyNotice } from './new-key-notice.tsx'
import { RevokeKeyDialog } from './revoke-key-dialog.tsx'
import { RotateKeyDialog } from './rotate-key-dialog.tsx'

export function KeysView({ api, websiteId }: { api: CmsAdminClient; websiteId: string }) {
  const keys = useResource(
    () => api.keys.list(websiteId).then(({ docs }) => docs),
    [api, websiteId],
  )
  const roles = useRoles(api, websiteId)
  const types = useTypeNames(api, websiteId)
  const [created, setCreated] = useState<CreatedApiKey>()
  const [rotating, setRotating] = useState<ApiKey>()
  const [revoking, setRevoking] = useState<ApiKey>()
  const shown = (key: CreatedApiKey) => {
    setCreated(key)
    keys.reload()
  }
  return (
    <div class="stack-large">
      <h2>API keys</h2>
      {created && <NewKeyNotice created={created} onDismiss={() => setCreated(undefined)} />}
      <CreateKeyForm
        api={api}
        websiteId={websiteId}
        roles={roles.data ?? []}
        types={types.data ?? []}
        onCreated={shown}
      />
      <ErrorMessage error={keys.error ?? roles.error ?? types.error} />
      {keys.data && <KeyTable keys={keys.data} onRotate={setRotating} onRevoke={setRevoking} />}
      {!keys.data && keys.loading && (
        <p class="muted" role="status">
          Loading keys…
        </p>
      )}
      {rotating && (
        <RotateKeyDialog
          api={api}
          websiteId={websiteId}
          apiKey={rotating}
          onClose={(rotated) => {
            setRotating(undefined)
            if (rotated) shown(rotated)
          }}
        />
      )}
      {revoking && (
        <RevokeKeyDialog
          api={api}
          websiteId={websiteId}
          apiKey={revoking}
          onClose={(revoked) => {
            setRevoking(undefined)
            if (revoked) keys.reload()
          }}
        />
      )}
    </div>
  )
}
