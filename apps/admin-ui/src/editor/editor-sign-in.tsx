import { SecretSignIn } from '../ui/secret-sign-in.tsx'
import { checkEditorKey, editorSignInProblem } from './editor-client.ts'

export function EditorSignIn(props: { onSignedIn: (apiKey: string) => void; notice?: string }) {
  return (
    <SecretSignIn
      idPrefix="editor-sign-in"
      title="CMS editor"
      intro="Sign in with an API key of your website whose role may read drafts (owner, editor or author) to write and publish its content."
      inputId="editor-key"
      label="API key"
      emptyProblem="Enter an API key of your website."
      check={checkEditorKey}
      problemOf={editorSignInProblem}
      other={{
        question: 'Platform operator?',
        text: 'Sign in with the admin token',
        href: '#/',
      }}
      onSignedIn={props.onSignedIn}
      notice={props.notice}
    />
  )
}
