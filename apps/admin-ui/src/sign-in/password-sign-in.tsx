import { useState } from 'preact/hooks'
import type { AccountSession } from '@cms/client'
import { createPanelAccountClient } from '../session/account-client.ts'
import { asksForCode, signInProblem } from './sign-in-problem.ts'

/**
 * Email and password; the authentication code field appears once the API answers that this
 * person has a second factor (401 naming `totp`), and is sent from then on.
 */
export function PasswordSignIn({ onSignedIn }: { onSignedIn: (session: AccountSession) => void }) {
  const [form, setForm] = useState({ email: '', password: '', totp: '' })
  const [needsCode, setNeedsCode] = useState(false)
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)
  const set = (field: keyof typeof form) => (event: { currentTarget: { value: string } }) =>
    setForm({ ...form, [field]: event.currentTarget.value })
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    setProblem(undefined)
    try {
      const code = form.totp.trim()
      onSignedIn(
        await createPanelAccountClient().signInWithPassword({
          email: form.email.trim(),
          password: form.password,
          ...(needsCode && code ? { totp: code } : {}),
        }),
      )
    } catch (error) {
      if (asksForCode(error)) setNeedsCode(true)
      setProblem(signInProblem(error))
      setBusy(false)
    }
  }
  return (
    <form
      class="stack"
      onSubmit={submit}
      aria-labelledby="password-sign-in-heading"
      aria-describedby={problem ? 'password-sign-in-problem' : undefined}
    >
      <h2 id="password-sign-in-heading">With your email and password</h2>
      {problem && (
        <p id="password-sign-in-problem" class="message message-error" role="alert">
          {problem}
        </p>
      )}
      <label for="sign-in-email">Email</label>
      <input
        id="sign-in-email"
        type="email"
        autoComplete="username"
        required
        value={form.email}
        onInput={set('email')}
      />
      <label for="sign-in-password">Password</label>
      <input
        id="sign-in-password"
        type="password"
        autoComplete="current-password"
        required
        value={form.password}
        onInput={set('password')}
      />
      {needsCode && (
        <>
          <label for="sign-in-totp">Authentication code</label>
          <input
            id="sign-in-totp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={form.totp}
            onInput={set('totp')}
            aria-describedby="sign-in-totp-hint"
          />
          <p id="sign-in-totp-hint" class="hint">
            The six digits your authenticator app shows now.
          </p>
        </>
      )}
      <button type="submit" class="button button-primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
