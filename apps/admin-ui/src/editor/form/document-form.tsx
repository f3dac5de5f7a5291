import { useState } from 'preact/hooks'
import type { CmsDocument, ContentType } from '@cms/client'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { editorHref } from '../editor-route.ts'
import { titleOf } from '../editor-site.ts'
import type { EditorSite } from '../editor-site.ts'
import { ConflictNotice } from './conflict-notice.tsx'
import { DeleteDocument } from './delete-document.tsx'
import { DocumentFields, placedProblems } from './document-fields.tsx'
import { LocaleSwitcher } from './locale-switcher.tsx'
import { PublishActions } from './publish-actions.tsx'
import { SaveStatusLine } from './save-status-line.tsx'
import { ScheduleControl } from './schedule-control.tsx'
import { useAutosave } from './use-autosave.ts'

/** The form of one document: its type's fields, autosaved; publishing; the locale in use. */
export function DocumentForm({
  site,
  type,
  initial,
  locale,
}: {
  site: EditorSite
  type: ContentType
  initial: CmsDocument
  locale: string | undefined
}) {
  const { state, edit, flush, replace, current } = useAutosave({
    client: site.client,
    initial,
    locale,
  })
  const [reloadError, setReloadError] = useState<unknown>()
  const { doc, values, problems } = state
  const reload = async () => {
    try {
      replace(await site.client.content.get(doc.id, { draft: true, ...(locale ? { locale } : {}) }))
      setReloadError(undefined)
    } catch (error) {
      setReloadError(error)
    }
  }
  const headingTitle = titleOf(site, { ...doc, data: values })
  const placed = placedProblems(site, type, values, problems)
  return (
    <article class="document-form" aria-labelledby="document-title">
      <header class="document-header">
        <div>
          <h1 id="document-title">{headingTitle}</h1>
          <p class="muted">
            {type.label} · <span class={`badge badge-${doc.status}`}>{doc.status}</span>
            {doc.hasPendingDraft && <span class="badge badge-pending">changes pending</span>}
            {' · '}version {doc.version}
          </p>
        </div>
        <SaveStatusLine status={state.status} doc={doc} />
      </header>
      {state.status === 'conflict' && <ConflictNotice onReload={reload} />}
      <ErrorMessage error={reloadError} />
      {state.status === 'failed' && (
        <div class="message message-error" role="alert">
          <p>Saving failed: {(state.error as Error)?.message}</p>
          <button type="button" class="button button-small" onClick={() => void flush()}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'invalid' && placed.other.length > 0 && (
        <ErrorMessage error={placed.other.join(' ')} />
      )}
      <div class="document-tools">
        <PublishActions
          site={site}
          doc={doc}
          locale={locale}
          flush={flush}
          current={current}
          onDone={replace}
          blocked={state.status === 'conflict'}
        />
        {type.localized && <LocaleSwitcher site={site} doc={doc} locale={locale} flush={flush} />}
        <div class="publish-actions">
          <a class="button" href={editorHref({ view: 'history', id: doc.id, locale })}>
            History
          </a>
          {site.readsAudit && (
            <a
              class="button"
              href={editorHref({
                view: 'document-activity',
                id: doc.id,
                query: new URLSearchParams(),
              })}
            >
              Activity
            </a>
          )}
          <DeleteDocument site={site} current={current} title={headingTitle} />
        </div>
      </div>
      <ScheduleControl site={site} doc={doc} />
      <form
        class="fields"
        aria-label={`${type.label} fields`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void flush()
        }}
      >
        <DocumentFields site={site} type={type} values={values} placed={placed} onEdit={edit} />
        <button type="submit" class="button">
          Save now
        </button>
      </form>
    </article>
  )
}
