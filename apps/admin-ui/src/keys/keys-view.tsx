import { useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { ApiKey, CreatedApiKey } from '../api/admin-resources.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useResource } from '../ui/use-resource.ts'
import { CreateKeyForm } from './create-key-form.tsx'
import { KeyTable } from './key-table.tsx'
import { NewKeyNotice } from './new-key-notice.tsx'
import { RevokeKeyDialog } from './revoke-key-dialog.tsx'

export function KeysView({ api, websiteId }: { api: CmsAdminClient; websiteId: string }) {
  const keys = useResource(
    () => api.keys.list(websiteId).then(({ docs }) => docs),
    [api, websiteId],
  )
  const [created, setCreated] = useState<CreatedApiKey>()
  const [revoking, setRevoking] = useState<ApiKey>()
  return (
    <div class="stack-large">
      <h2>API keys</h2>
      {created && <NewKeyNotice created={created} onDismiss={() => setCreated(undefined)} />}
      <CreateKeyForm
        api={api}
        websiteId={websiteId}
        onCreated={(key) => {
          setCreated(key)
          keys.reload()
        }}
      />
      <ErrorMessage error={keys.error} />
      {keys.data && <KeyTable keys={keys.data} onRevoke={setRevoking} />}
      {!keys.data && keys.loading && (
        <p class="muted" role="status">
          Loading keys…
        </p>
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
