import type { CmsAdminClient, Invitation } from '@cms/client'
import { ErrorMessage } from '../ui/error-message.tsx'
import { formatDateTime } from '../ui/format.ts'
import type { Resource } from '../ui/use-resource.ts'
import { useAttempt } from '../ui/use-attempt.ts'
import { useState } from 'preact/hooks'

/** Open invitations; revoking one makes its link refuse. */
export function InvitationsList(props: {
  api: CmsAdminClient
  invitations: Resource<Invitation[]>
}) {
  const [revoking, setRevoking] = useState<string>()
  const revoke = useAttempt(async () => {
    if (revoking) await props.api.invitations.revoke(revoking)
    setRevoking(undefined)
    props.invitations.reload()
  })
  const list = props.invitations.data ?? []
  return (
    <section class="stack" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Open invitations</h2>
      <ErrorMessage error={props.invitations.error ?? revoke.error} />
      {list.length === 0 ? (
        <p class="muted">None.</p>
      ) : (
        <ul class="plain-list stack">
          {list.map((invitation) => (
            <li key={invitation.id} class="inline-form">
              <span>
                {invitation.email}
                {invitation.operator ? ' (operator)' : ''} · expires{' '}
                {formatDateTime(invitation.expiresAt)}
              </span>
              <button
                type="button"
                class="button button-small button-danger"
                aria-label={`Revoke the invitation of ${invitation.email}`}
                disabled={revoke.busy}
                onClick={() => {
                  setRevoking(invitation.id)
                  void revoke.run()
                }}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
