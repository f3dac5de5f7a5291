import { useState } from 'preact/hooks'
import { checkEditorKey, editorSignInProblem } from './editor-client.ts'

export function EditorSignIn({
  onSignedIn,
  notice,
}: {
  onSignedIn: (apiKey: string) => void
  notice?: string
}) {
  const [key, setKey] = useState('')
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: Event) => {
    event.preventDefault()
    const candidate = key.trim()
    if (!candidate) {
      setProblem('Enter an admin-scope API key of your website.')
      return
    }
    setBusy(true)
    setProblem(undefined)
    try {
      await checkEditorKey(candidate)
      onSignedIn(candidate)
    } catch (error) {
      setProblem(editorSignInProblem(error))
      setBusy(false)
    }
  }
  return (
    <main class="sign-in" id="main">
      <form
        class="card"
        onSubmit={submit}
        aria-describedby={problem ? 'editor-sign-in-problem' : undefined}
      >
        <h1>CMS editor</h1>
        <p class="muted">
          Sign in with an admin-scope API key of your website to write and publish its content.
        </p>
        {notice && !problem && (
          <p class="message message-info" role="status">
            {notice}
          </p>
        )}
        {problem && (
          <p id="editor-sign-in-problem" class="message message-error" role="alert">
            {problem}
          </p>
        )}
        <label for="editor-key">API key</label>
        <input
          id="editor-key"
          name="editor-key"
          type="password"
          autoComplete="off"
          spellcheck={false}
          required
          value={key}
          aria-invalid={problem ? true : undefined}
          onInput={(event) => setKey(event.currentTarget.value)}
        />
        <p class="hint">Kept in this browser tab only, until you sign out or close the tab.</p>
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p class="hint">
          Platform operator? <a href="#/">Sign in with the admin token</a>.
        </p>
      </form>
    </main>
  )
}
