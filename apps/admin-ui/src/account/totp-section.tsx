import { useState } from 'preact/hooks'
import type { TotpEnrolment } from '@cms/client'
import type { PanelSession } from '../session/use-session.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useAttempt } from '../ui/use-attempt.ts'

/**
 * The second factor: set up (the secret and its otpauth URI, in force once a code of it is
 * confirmed) or removed (with a current code).
 */
export function TotpSection({ signedIn }: { signedIn: PanelSession }) {
  const { account } = signedIn
  const enabled = signedIn.current.person.totp
  const [enrolment, setEnrolment] = useState<TotpEnrolment>()
  const [code, setCode] = useState('')
  const start = useAttempt(async () => setEnrolment(await account.totp.start()))
  const finish = useAttempt(async () => {
    await (enabled ? account.totp.remove(code) : account.totp.confirm(code))
    setEnrolment(undefined)
    setCode('')
    await signedIn.refresh()
  })
  const codeForm = (action: string) => (
    <form
      class="stack"
      onSubmit={(event) => {
        event.preventDefault()
        void finish.run()
      }}
    >
      <label for="totp-code">Authentication code</label>
      <input
        id="totp-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onInput={(event) => setCode(event.currentTarget.value)}
      />
      <ErrorMessage error={finish.error} />
      <div class="actions">
        <button
          type="submit"
          class={enabled ? 'button button-danger' : 'button button-primary'}
          disabled={finish.busy}
        >
          {action}
        </button>
      </div>
    </form>
  )
  return (
    <section class="card stack" aria-labelledby="totp-heading">
      <h2 id="totp-heading">Second factor</h2>
      {enabled ? (
        <>
          <p>
            A second factor is set up: signing in with your password also asks for a code of your
            authenticator app.
          </p>
          {codeForm('Remove the second factor')}
        </>
      ) : enrolment ? (
        <>
          <p>
            Add this secret to your authenticator app (or open the link on a phone that has one),
            then enter the code it shows.
          </p>
          <dl class="facts">
            <dt>Secret</dt>
            <dd>
              <code id="totp-secret">{enrolment.secret}</code>
            </dd>
            <dt>Link</dt>
            <dd>
              <code id="totp-uri" class="break">
                {enrolment.uri}
              </code>
            </dd>
          </dl>
          {codeForm('Turn on the second factor')}
        </>
      ) : (
        <>
          <p class="muted">
            No second factor yet. With one, a password alone does not sign you in.
          </p>
          <ErrorMessage error={start.error} />
          <div class="actions">
            <button
              type="button"
              class="button button-primary"
              disabled={start.busy}
              onClick={() => void start.run()}
            >
              Set up a second factor
            </button>
          </div>
        </>
      )}
    </section>
  )
}
