import { useMemo, useState } from 'preact/hooks'
import { editorKeyStore } from '../session/token-store.ts'
import { createEditorClient } from './editor-client.ts'
import { EditorSignIn } from './editor-sign-in.tsx'
import { EditorWorkspace } from './editor-workspace.tsx'
import './editor.css'

/** `#/editor`: one website's content, signed in with an API key of that website that reads drafts. */
export function EditorApp() {
  const [apiKey, setApiKey] = useState(() => editorKeyStore.read())
  const [notice, setNotice] = useState<string>()
  const signOut = (message: string) => {
    editorKeyStore.clear()
    setApiKey(undefined)
    setNotice(message)
  }
  const client = useMemo(
    () =>
      apiKey
        ? createEditorClient(apiKey, () =>
            signOut('The API key is no longer accepted. Sign in again.'),
          )
        : undefined,
    [apiKey],
  )
  if (!client) {
    return (
      <EditorSignIn
        notice={notice}
        onSignedIn={(accepted) => {
          editorKeyStore.write(accepted)
          setNotice(undefined)
          setApiKey(accepted)
        }}
      />
    )
  }
  return <EditorWorkspace client={client} onSignOut={() => signOut('You are signed out.')} />
}
