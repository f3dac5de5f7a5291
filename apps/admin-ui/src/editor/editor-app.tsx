import { useMemo, useState } from 'preact/hooks'
import type { CmsAdminClient } from '@cms/client'
import type { ComponentChildren } from 'preact'
import { TopBar } from '../app/top-bar.tsx'
import type { PanelSession } from '../session/use-session.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useResource } from '../ui/use-resource.ts'
import { checkEditorAccess, createEditorClient, editorAccessProblem } from './editor-client.ts'
import { useEditorWebsites, websiteChoice } from './editor-websites.ts'
import type { EditorWebsite } from './editor-websites.ts'
import { EditorWorkspace } from './editor-workspace.tsx'
import { WebsitePicker } from './website-picker.tsx'
import './editor.css'

/** `#/editor`: the content of one of the person's websites, chosen in the top bar. */
export function EditorApp(props: { signedIn: PanelSession; admin: CmsAdminClient | undefined }) {
  const websites = useEditorWebsites(props.signedIn, props.admin)
  const [chosen, setChosen] = useState(() => websiteChoice.read())
  const list = websites.data ?? []
  const website = list.find((candidate) => candidate.id === chosen) ?? list[0]
  if (!website) {
    return (
      <>
        <TopBar brand="CMS editor" signedIn={props.signedIn} current="editor" />
        <main class="editor-main" id="main" tabIndex={-1}>
          <ErrorMessage error={websites.error} />
          {websites.loading ? (
            <p class="muted" role="status">
              Loading your websites…
            </p>
          ) : (
            <p class="message message-info" role="status">
              You are not a member of any website yet. Ask an operator to give you a role on one.
            </p>
          )}
        </main>
      </>
    )
  }
  const choose = (id: string) => {
    websiteChoice.write(id)
    setChosen(id)
  }
  return (
    <EditorOf
      key={website.id}
      signedIn={props.signedIn}
      website={website}
      picker={<WebsitePicker websites={list} chosen={website.id} onChoose={choose} />}
    />
  )
}

function EditorOf(props: {
  signedIn: PanelSession
  website: EditorWebsite
  picker: ComponentChildren
}) {
  const client = useMemo(
    () => createEditorClient(props.signedIn, props.website.id),
    [props.signedIn, props.website.id],
  )
  const access = useResource(() => checkEditorAccess(client), [client])
  return (
    <EditorWorkspace
      client={client}
      signedIn={props.signedIn}
      picker={props.picker}
      problem={access.error === undefined ? undefined : editorAccessProblem(access.error)}
    />
  )
}
