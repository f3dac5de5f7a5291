import { useState } from 'preact/hooks'
import { createPanelAccountClient } from '../session/account-client.ts'
import { SIGN_IN_HASH } from '../session/session-route.ts'
import { useAttempt } from '../ui/use-attempt.ts'
import { LinkForm } from './link-form.tsx'
import { NewPasswordField } from './new-password-field.tsx'

/** `#/reset/<token>`: a link an operator made (or the CLI printed) sets a new password once. */
export function ResetPage({ token }: { token: string }) {
  const [password, setPassword] = useState('')
  const [done, setDone] = useState(false)
  const reset = useAttempt(async () => {
    await createPanelAccountClient().resetPassword({ token, password })
    setDone(true)
  })
  if (done) {
    return (
      <main class="sign-in" id="main">
        <div class="card stack">
          <h1>Password changed</h1>
          <p class="message message-info" role="status">
            Your new password is set, and every session you had is signed out.
          </p>
          <a class="button button-primary" href={SIGN_IN_HASH}>
            Sign in
          </a>
        </div>
      </main>
    )
  }
  return (
    <LinkForm
      title="Choose a new password"
      attempt={reset}
      submitLabel="Set the password"
      busyLabel="Saving…"
    >
      <NewPasswordField
        id="reset-password"
        label="New password"
        value={password}
        onInput={setPassword}
      />
    </LinkForm>
  )
}
