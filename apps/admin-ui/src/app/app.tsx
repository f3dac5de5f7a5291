import { useEffect, useMemo } from 'preact/hooks'
import type { AccountSession } from '@cms/client'
import { AccountView } from '../account/account-view.tsx'
import { EditorApp } from '../editor/editor-app.tsx'
import { isEditorHash } from '../editor/editor-route.ts'
import { PeopleView } from '../people/people-view.tsx'
import { PlatformActivity } from '../audit/platform-activity.tsx'
import { parseSessionRoute, signInHref } from '../session/session-route.ts'
import { replaceHash, useHash } from '../session/use-hash.ts'
import type { SessionRoute } from '../session/session-route.ts'
import { useSession } from '../session/use-session.ts'
import type { PanelSession, SessionState } from '../session/use-session.ts'
import { BootstrapPage } from '../sign-in/bootstrap-page.tsx'
import { InvitationPage } from '../sign-in/invitation-page.tsx'
import { ResetPage } from '../sign-in/reset-page.tsx'
import { SignInPage } from '../sign-in/sign-in-page.tsx'
import { Dashboard } from './dashboard.tsx'
import { createPanelClient } from './panel-client.ts'

/** Where a person starts: operators in the websites panel, everyone else in the editor. */
const homeOf = (session: AccountSession): string => (session.person.operator ? '#/' : '#/editor')

/** Where the page must go instead of `route`, if anywhere. */
function redirectOf(route: SessionRoute, state: SessionState, hash: string): string | undefined {
  if (state.loading) return undefined
  const current = state.signedIn?.current
  if (route.page === 'sign-in') return current && (route.returnTo ?? homeOf(current))
  if (route.page !== 'app') return undefined
  if (!current) return signInHref(hash)
  const ownPlace = isEditorHash(hash) || hash.startsWith('#/account')
  return current.person.operator || ownPlace ? undefined : '#/editor'
}

/**
 * One page for operators and editors, signed in through the session cookie (`GET
 * /auth/session` on load). Without a session every route but the invitation, reset and
 * bootstrap links shows the sign-in page, which comes back to the route once signed in.
 */
export function App() {
  const hash = useHash()
  const session = useSession()
  const route = parseSessionRoute(hash)
  const redirect = redirectOf(route, session, hash)
  useEffect(() => {
    if (redirect) replaceHash(redirect)
  }, [redirect])
  const enter = (current: AccountSession) => {
    session.started(current)
    replaceHash(homeOf(current))
  }
  if (redirect) return <Loading />
  switch (route.page) {
    case 'invitation':
      return <InvitationPage token={route.token} onSignedIn={enter} />
    case 'reset':
      return <ResetPage token={route.token} />
    case 'bootstrap':
      return <BootstrapPage token={route.token} onSignedIn={enter} />
    case 'sign-in':
      return session.loading ? (
        <Loading />
      ) : (
        <SignInPage
          problem={route.problem}
          notice={session.notice}
          returnTo={route.returnTo ?? '#/'}
          onSignedIn={session.started}
        />
      )
    case 'app':
      return session.signedIn ? <SignedIn signedIn={session.signedIn} hash={hash} /> : <Loading />
  }
}

function SignedIn({ signedIn, hash }: { signedIn: PanelSession; hash: string }) {
  const api = useMemo(
    () => (signedIn.current.person.operator ? createPanelClient(signedIn) : undefined),
    [signedIn],
  )
  if (isEditorHash(hash)) return <EditorApp signedIn={signedIn} admin={api} />
  if (hash.startsWith('#/account') || !api) return <AccountView signedIn={signedIn} />
  if (hash.startsWith('#/people')) return <PeopleView signedIn={signedIn} api={api} />
  if (hash.startsWith('#/activity')) {
    return <PlatformActivity signedIn={signedIn} api={api} query={hashQuery(hash)} />
  }
  return <Dashboard signedIn={signedIn} api={api} />
}

const hashQuery = (hash: string) => new URLSearchParams(hash.split('?', 2)[1] ?? '')

function Loading() {
  return (
    <main class="sign-in" id="main">
      <p class="muted" role="status">
        Loading…
      </p>
    </main>
  )
}
