import { CmsApiError } from '@cms/client'
import { createPanelClient } from './panel-client.ts'
import { SecretSignIn } from '../ui/secret-sign-in.tsx'

/** What went wrong with a sign-in attempt, in words that say what to do next. */
export function signInProblem(error: unknown): string {
  if (error instanceof CmsApiError) {
    if (error.status === 401 || error.status === 403) {
      return 'That admin token was not accepted. Check the value of CMS_ADMIN_TOKEN the gateway runs with and try again.'
    }
    if (error.status === 429) return 'Too many sign-in attempts. Wait a minute, then try again.'
    return `Signing in failed: ${error.message}`
  }
  return 'Signing in failed. Try again.'
}

export function SignIn(props: { onSignedIn: (token: string) => void; notice?: string }) {
  return (
    <SecretSignIn
      idPrefix="sign-in"
      title="CMS admin"
      intro="Sign in with the platform admin token to manage websites and their API keys."
      inputId="admin-token"
      label="Platform admin token"
      emptyProblem="Enter the platform admin token."
      check={async (token) => {
        await createPanelClient(token).websites.list()
      }}
      problemOf={signInProblem}
      other={{
        question: 'Editor of one website?',
        text: 'Sign in with an API key',
        href: '#/editor',
      }}
      onSignedIn={props.onSignedIn}
      notice={props.notice}
    />
  )
}
