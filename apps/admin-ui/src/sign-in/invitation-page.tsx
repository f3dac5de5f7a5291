import { useState } from 'preact/hooks'
import type { AccountSession } from '@cms/client'
import { createPanelAccountClient } from '../session/account-client.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { formatDateTime } from '../ui/format.ts'
import { useAttempt } from '../ui/use-attempt.ts'
import { useResource } from '../ui/use-resource.ts'
import { LinkForm } from './link-form.tsx'
import { NewPasswordField } from './new-password-field.tsx'

/** `#/invitation/<token>`: the invited person chooses their name and password and is signed in. */
export function InvitationPage(props: {
  token: string
  onSignedIn: (session: AccountSession) => void
}) {
  const account = createPanelAccountClient()
  const invitation = useResource(() => account.invitations.get(props.token), [props.token])
  const [form, setForm] = useState({ name: '', password: '' })
  const accept = useAttempt(async () => {
    props.onSignedIn(
      await account.invitations.accept(props.token, {
        name: form.name.trim(),
        password: form.password,
      }),
    )
  })
  return (
    <LinkForm
      title="Join the CMS"
      attempt={accept}
      submitLabel="Accept the invitation"
      busyLabel="Joining…"
      disabled={!invitation.data}
    >
      <ErrorMessage error={invitation.error} />
      {invitation.data && (
        <p>
          You are invited as <strong>{invitation.data.email}</strong>
          {invitation.data.operator ? ', as a platform operator' : ''}. The invitation expires{' '}
          {formatDateTime(invitation.data.expiresAt)}.
        </p>
      )}
      <label for="invitation-name">Your name</label>
      <input
        id="invitation-name"
        autoComplete="name"
        required
        maxLength={100}
        value={form.name}
        onInput={(event) => setForm({ ...form, name: event.currentTarget.value })}
      />
      <NewPasswordField
        id="invitation-password"
        label="Password"
        value={form.password}
        onInput={(password) => setForm({ ...form, password })}
      />
    </LinkForm>
  )
}
