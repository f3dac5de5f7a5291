import { useState } from 'preact/hooks'
import { createAdminApi } from '../api/admin-api.ts'
import { AdminApiError } from '../api/admin-api-error.ts'

/** What went wrong with a sign-in attempt, in words that say what to do next. */
export function signInProblem(error: unknown): string {
  if (error instanceof AdminApiError) {
    if (error.status === 401 || error.status === 403) {
      return 'That admin token was not accepted. Check the value of CMS_ADMIN_TOKEN the gateway runs with and try again.'
    }
    if (error.status === 429) return 'Too many sign-in attempts. Wait a minute, then try again.'
    return `Signing in failed: ${error.message}`
  }
  return 'Signing in failed. Try again.'
}

export function SignIn({
  onSignedIn,
  notice,
}: {
  onSignedIn: (token: string) => void
  notice?: string
}) {
  const [token, setToken] = useState('')
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: Event) => {
    event.preventDefault()
    const candidate = token.trim()
    if (!candidate) {
      setProblem('Enter the platform admin token.')
      return
    }
    setBusy(true)
    setProblem(undefined)
    try {
      await createAdminApi(candidate).listWebsites()
      onSignedIn(candidate)
    } catch (error) {
      setProblem(signInProblem(error))
      setBusy(false)
    }
  }
  return (
    <main class="sign-in" id="main">
      <form
        class="card"
        onSubmit={submit}
        aria-describedby={problem ? 'sign-in-problem' : undefined}
      >
        <h1>CMS admin</h1>
        <p class="muted">
          Sign in with the platform admin token to manage websites and their API keys.
        </p>
        {notice && !problem && (
          <p class="message message-info" role="status">
            {notice}
          </p>
        )}
        {problem && (
          <p id="sign-in-problem" class="message message-error" role="alert">
            {problem}
          </p>
        )}
        <label for="admin-token">Platform admin token</label>
        <input
          id="admin-token"
          name="admin-token"
          type="password"
          autoComplete="off"
          spellcheck={false}
          required
          value={token}
          aria-invalid={problem ? true : undefined}
          onInput={(event) => setToken(event.currentTarget.value)}
        />
        <p class="hint">Kept in this browser tab only, until you sign out or close the tab.</p>
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p class="hint">
          Editor of one website? <a href="#/editor">Sign in with an API key</a>.
        </p>
      </form>
    </main>
  )
}
