import { useMemo } from 'preact/hooks'
import type { ComponentChildren } from 'preact'
import { TopBar } from '../app/top-bar.tsx'
import type { PanelSession } from '../session/use-session.ts'
import { readsAudit } from './editor-client.ts'
import type { EditorClient } from './editor-client.ts'
import { ErrorMessage } from '../ui/error-message.tsx'
import { useResource } from '../ui/use-resource.ts'
import { DocumentList } from './documents/document-list.tsx'
import { DocumentEditor } from './form/document-editor.tsx'
import { NewDocument } from './form/new-document.tsx'
import { VersionHistory } from './history/version-history.tsx'
import { TypeBuilder } from './types/type-builder.tsx'
import { TypeList } from './types/type-list.tsx'
import { ComponentBuilder } from './types/component-builder.tsx'
import { ComponentList } from './types/component-list.tsx'
import { MediaLibrary } from './media/media-library.tsx'
import { WebhookList } from './webhooks/webhook-list.tsx'
import { ReleaseList } from './releases/release-list.tsx'
import { ReleaseView } from './releases/release-view.tsx'
import { DocumentActivity } from './activity/document-activity.tsx'
import { WebsiteActivity } from './activity/website-activity.tsx'
import { editorHref, useEditorRoute } from './editor-route.ts'
import type { EditorRoute } from './editor-route.ts'
import type { EditorSite } from './editor-site.ts'

/** The views under "Content types": the types, the components and their builders. */
const DEFINITION_VIEWS: ReadonlySet<EditorRoute['view']> = new Set([
  'types',
  'type',
  'components',
  'component',
])

export function EditorWorkspace({
  client,
  signedIn,
  picker,
  problem,
}: {
  client: EditorClient
  signedIn: PanelSession
  /** The website picker, in the top bar. */
  picker: ComponentChildren
  /** Why the website cannot be edited (the person's role there cannot read drafts). */
  problem: string | undefined
}) {
  const route = useEditorRoute()
  const site = useResource(async (): Promise<Omit<EditorSite, 'reload'>> => {
    const [types, components, locales, audit] = await Promise.all([
      client.contentTypes.list(),
      client.components.list(),
      client.locales.list(),
      readsAudit(client),
    ])
    return {
      client,
      types: types.docs,
      components: components.docs,
      locales: locales.locales,
      readsAudit: audit,
    }
  }, [client])
  const editorSite = useMemo(
    () => (site.data ? { ...site.data, reload: site.reload } : undefined),
    [site.data],
  )
  const documentsHref = editorHref({ view: 'documents', query: new URLSearchParams() })
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar brand="CMS editor" signedIn={signedIn} current="editor">
        {picker}
        <nav aria-label="Editor" class="editor-nav">
          <a href={documentsHref} aria-current={route.view === 'documents' ? 'page' : undefined}>
            Documents
          </a>
          <a
            href={editorHref({ view: 'types' })}
            aria-current={DEFINITION_VIEWS.has(route.view) ? 'page' : undefined}
          >
            Content types
          </a>
          <a
            href={editorHref({ view: 'media' })}
            aria-current={route.view === 'media' ? 'page' : undefined}
          >
            Media
          </a>
          <a
            href={editorHref({ view: 'webhooks' })}
            aria-current={route.view === 'webhooks' ? 'page' : undefined}
          >
            Webhooks
          </a>
          {/* Releases are read with readDrafts: a role the editor refuses has none to show. */}
          {editorSite && !problem && (
            <a
              href={editorHref({ view: 'releases' })}
              aria-current={
                route.view === 'releases' || route.view === 'release' ? 'page' : undefined
              }
            >
              Releases
            </a>
          )}
          {editorSite?.readsAudit && (
            <a
              href={editorHref({ view: 'activity', query: new URLSearchParams() })}
              aria-current={route.view === 'activity' ? 'page' : undefined}
            >
              Activity
            </a>
          )}
        </nav>
      </TopBar>
      <main class="editor-main" id="main" tabIndex={-1}>
        {problem && (
          <p class="message message-error" role="alert">
            {problem}
          </p>
        )}
        <ErrorMessage error={problem ? undefined : site.error} />
        {!site.data && site.loading && (
          <p class="muted" role="status">
            Loading the website's content types…
          </p>
        )}
        {editorSite && !problem && <EditorView site={editorSite} route={route} />}
      </main>
    </>
  )
}

function EditorView({
  site,
  route,
}: {
  site: EditorSite
  route: ReturnType<typeof useEditorRoute>
}) {
  switch (route.view) {
    case 'documents':
      return <DocumentList site={site} query={route.query} />
    case 'new':
      return <NewDocument key={route.type} site={site} typeName={route.type} />
    case 'document':
      return (
        <DocumentEditor
          key={`${route.id}:${route.locale ?? ''}`}
          site={site}
          id={route.id}
          locale={route.locale}
        />
      )
    case 'types':
      return <TypeList site={site} />
    case 'media':
      return <MediaLibrary site={site} />
    case 'webhooks':
      return <WebhookList site={site} />
    case 'releases':
      return <ReleaseList site={site} />
    case 'release':
      return <ReleaseView key={route.id} site={site} id={route.id} />
    case 'type':
      return <TypeBuilder key={route.name} site={site} name={route.name} />
    case 'components':
      return <ComponentList site={site} />
    case 'component':
      return <ComponentBuilder key={route.name} site={site} name={route.name} />
    case 'history':
      return <VersionHistory key={route.id} site={site} id={route.id} locale={route.locale} />
    case 'activity':
      return <WebsiteActivity site={site} query={route.query} />
    case 'document-activity':
      return <DocumentActivity key={route.id} site={site} id={route.id} query={route.query} />
  }
}
