import { useState } from 'preact/hooks'

export interface SecretSignInProps {
  /** Where the form's ids start: `<idPrefix>-problem`. */
  idPrefix: string
  title: string
  intro: string
  inputId: string
  label: string
  /** Said when the field is left empty. */
  emptyProblem: string
  /** Tries the secret; throws when it is not accepted. */
  check: (secret: string) => Promise<void>
  /** What went wrong, in words that say what to do next. */
  problemOf: (error: unknown) => string
  /** The other sign-in: the question, the link's text and where it goes. */
  other: { question: string; text: string; href: string }
  onSignedIn: (secret: string) => void
  notice?: string | undefined
}

/** A sign-in with one secret (the admin token or an API key), kept in this tab only. */
export function SecretSignIn(props: SecretSignInProps) {
  const [secret, setSecret] = useState('')
  const [problem, setProblem] = useState<string>()
  const [busy, setBusy] = useState(false)
  const problemId = `${props.idPrefix}-problem`
  const submit = async (event: Event) => {
    event.preventDefault()
    const candidate = secret.trim()
    if (!candidate) {
      setProblem(props.emptyProblem)
      return
    }
    setBusy(true)
    setProblem(undefined)
    try {
      await props.check(candidate)
      props.onSignedIn(candidate)
    } catch (error) {
      setProblem(props.problemOf(error))
      setBusy(false)
    }
  }
  return (
    <main class="sign-in" id="main">
      <form class="card" onSubmit={submit} aria-describedby={problem ? problemId : undefined}>
        <h1>{props.title}</h1>
        <p class="muted">{props.intro}</p>
        {props.notice && !problem && (
          <p class="message message-info" role="status">
            {props.notice}
          </p>
        )}
        {problem && (
          <p id={problemId} class="message message-error" role="alert">
            {problem}
          </p>
        )}
        <label for={props.inputId}>{props.label}</label>
        <input
          id={props.inputId}
          name={props.inputId}
          type="password"
          autoComplete="off"
          spellcheck={false}
          required
          value={secret}
          aria-invalid={problem ? true : undefined}
          onInput={(event) => setSecret(event.currentTarget.value)}
        />
        <p class="hint">Kept in this browser tab only, until you sign out or close the tab.</p>
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p class="hint">
          {props.other.question} <a href={props.other.href}>{props.other.text}</a>.
        </p>
      </form>
    </main>
  )
}
