import { useState } from 'preact/hooks'
import type { AccountSession } from '@cms/client'
import { createPanelAccountClient } from '../session/account-client.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useAttempt } from '../ui/use-attempt.ts'
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
    <main class="sign-in" id="main">
      <form
        class="card stack"
        onSubmit={(event) => {
          event.preventDefault()
          void create.run()
        }}
      >
        <h1>The first operator</h1>
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
        <ErrorMessage error={create.error} />
        <button type="submit" class="button button-primary" disabled={create.busy}>
          {create.busy ? 'Creating…' : 'Create the operator'}
        </button>
      </form>
    </main>
  )
}
