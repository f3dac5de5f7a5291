import type { AccountSession } from '@cms/client'
import { createPanelAccountClient } from '../session/account-client.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useResource } from '../ui/use-resource.ts'
import { PasswordSignIn } from './password-sign-in.tsx'

export interface SignInPageProps {
  /** `?problem=` of the route: what a provider sign-in that failed reported. */
  problem?: string | undefined
  notice?: string | undefined
  /** The route to open once signed in (a provider's redirect comes back to it). */
  returnTo: string
  onSignedIn: (session: AccountSession) => void
}

/** The one sign-in of the panel and the editor: what `GET /auth/options` offers. */
export function SignInPage(props: SignInPageProps) {
  const options = useResource(() => createPanelAccountClient().signInOptions(), [])
  const providers = options.data?.providers ?? []
  return (
    <main class="sign-in" id="main">
      <div class="card stack">
        <h1>Sign in to the CMS</h1>
        {props.problem && (
          <p class="message message-error" role="alert">
            Signing in failed: {props.problem}
          </p>
        )}
        {props.notice && !props.problem && (
          <p class="message message-info" role="status">
            {props.notice}
          </p>
        )}
        <ErrorMessage error={options.error} />
        {options.data?.bootstrap && (
          <p class="message message-info">
            No operator exists yet. <code>npm start</code> printed a one-time link that creates the
            first operator: open that link in this browser.
          </p>
        )}
        {providers.length > 0 && (
          <ul class="plain-list stack" aria-label="Identity providers">
            {providers.map((provider) => (
              <li key={provider.id}>
                <a
                  class="button button-primary"
                  href={`/auth/oidc/${encodeURIComponent(provider.id)}?return=${encodeURIComponent(props.returnTo)}`}
                >
                  Sign in with {provider.name}
                </a>
              </li>
            ))}
          </ul>
        )}
        {options.data?.password !== false && <PasswordSignIn onSignedIn={props.onSignedIn} />}
      </div>
    </main>
  )
}
