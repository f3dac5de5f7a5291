import { useMemo, useState } from 'preact/hooks'
import { tokenStore } from '../session/token-store.ts'
import { EditorApp } from '../editor/editor-app.tsx'
import { useIsEditor } from '../editor/editor-route.ts'
import { Dashboard } from './dashboard.tsx'
import { createPanelClient } from './panel-client.ts'
import { SignIn } from './sign-in.tsx'

/** `#/editor…` is an editor's workspace (an API key); anything else the operator's panel. */
export function App() {
  return useIsEditor() ? <EditorApp /> : <OperatorApp />
}

function OperatorApp() {
  const [token, setToken] = useState(() => tokenStore.read())
  const [notice, setNotice] = useState<string>()
  const signOut = (message?: string) => {
    tokenStore.clear()
    setToken(undefined)
    setNotice(message)
  }
  const api = useMemo(() => {
    if (!token) return undefined
    // A token rotated while the panel is open ends the session instead of failing every call.
    return createPanelClient(token, () =>
      signOut('The admin token is no longer accepted. Sign in again.'),
    )
  }, [token])
  if (!api) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={(accepted) => {
          tokenStore.write(accepted)
          setNotice(undefined)
          setToken(accepted)
        }}
      />
    )
  }
  return <Dashboard api={api} onSignOut={() => signOut('You are signed out.')} />
}
