import { useState } from 'preact/hooks'
import type { AccountSession } from '@cms/client'
import { createPanelAccountClient } from '../session/account-client.ts'
import { useAttempt } from '../ui/use-attempt.ts'
import { LinkForm } from './link-form.tsx'
import { NewPasswordField } from './new-password-field.tsx'

/** `#/bootstrap/<token>`: the link `npm start` printed creates the first operator, once. */
export function BootstrapPage(props: {
  token: string
  onSignedIn: (session: AccountSession) => void
}) {
  const [form, setForm] = useState({ email: '', name: '', password: '' })
  const create = useAttempt(async () => {
    props.onSignedIn(
      await createPanelAccountClient().bootstrap({
        token: props.token,
        email: form.email.trim(),
        name: form.name.trim(),
        password: form.password,
      }),
    )
  })
  return (
    <LinkForm
      title="The first operator"
      attempt={create}
      submitLabel="Create the operator"
      busyLabel="Creating…"
    >
      <p class="muted">
        This link works once: it creates the operator who then invites everyone else.
      </p>
      <label for="bootstrap-email">Email</label>
      <input
        id="bootstrap-email"
        type="email"
        autoComplete="username"
        required
        value={form.email}
        onInput={(event) => setForm({ ...form, email: event.currentTarget.value })}
      />
      <label for="bootstrap-name">Name</label>
      <input
        id="bootstrap-name"
        autoComplete="name"
        required
        maxLength={100}
        value={form.name}
        onInput={(event) => setForm({ ...form, name: event.currentTarget.value })}
      />
      <NewPasswordField
        id="bootstrap-password"
        label="Password"
        value={form.password}
        onInput={(password) => setForm({ ...form, password })}
      />
    </LinkForm>
  )
}
