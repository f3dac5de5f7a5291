import { TopBar } from '../app/top-bar.tsx'
import type { PanelSession } from '../session/use-session.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useAttempt } from '../ui/use-attempt.ts'
import { PersonalTokensSection } from './personal-tokens-section.tsx'
import { TotpSection } from './totp-section.tsx'

/** `#/account`: the person's own second factor, personal access tokens and sessions. */
export function AccountView({ signedIn }: { signedIn: PanelSession }) {
  const { person } = signedIn.current
  const everywhere = useAttempt(() => signedIn.signOut({ everywhere: true }))
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar brand="CMS account" signedIn={signedIn} current="account" />
      <main class="detail stack-large" id="main" tabIndex={-1}>
        <h1>Your account</h1>
        <p>
          {person.name} · {person.email}
          {person.operator ? ' · platform operator' : ''}
        </p>
        <TotpSection signedIn={signedIn} />
        <PersonalTokensSection signedIn={signedIn} />
        <section class="card stack" aria-labelledby="sessions-heading">
          <h2 id="sessions-heading">Sessions</h2>
          <p class="muted">
            Signing out everywhere ends every session of yours, on every browser, this one too.
          </p>
          <ErrorMessage error={everywhere.error} />
          <div class="actions">
            <button
              type="button"
              class="button button-danger"
              disabled={everywhere.busy}
              onClick={() => void everywhere.run()}
            >
              Sign out everywhere
            </button>
          </div>
        </section>
      </main>
    </>
  )
}
