import { useState } from 'preact/hooks'
import type { ContentType } from '@cms/client'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'
import { isStatus } from '../form/field-problems.ts'

/**
 * Deletes a content type after asking. The API refuses (409) while documents of the type exist
 * or relation fields of other types target it; its message says which, and for documents a link
 * lists them. There is no force: the documents go first, by the editor's hand.
 */
export function DeleteType({ site, type }: { site: EditorSite; type: ContentType }) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const remove = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await site.client.contentTypes.delete(type.name)
      location.hash = editorHref({ view: 'types' })
      site.reload()
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
      setAsking(false)
    }
  }
  const documentsHref = editorHref({
    view: 'documents',
    query: new URLSearchParams({ type: type.name }),
  })
  return (
    <section class="stack" aria-labelledby="delete-type-title">
      <h2 id="delete-type-title">Delete this type</h2>
      {error !== undefined && isStatus(error, 409) ? (
        <div class="message message-error" role="alert">
          <p>
            <strong>{type.label} was not deleted.</strong>{' '}
            {error instanceof Error ? error.message : ''}
          </p>
          <p>
            <a href={documentsHref}>Show the documents of {type.label}</a>
          </p>
        </div>
      ) : (
        <ErrorMessage error={error} />
      )}
      <div class="actions">
        <button type="button" class="button button-danger" onClick={() => setAsking(true)}>
          Delete content type
        </button>
      </div>
      {asking && (
        <ConfirmDialog
          title={`Delete the content type ${type.label}?`}
          confirmLabel="Delete"
          busy={busy}
          onConfirm={remove}
          onCancel={() => setAsking(false)}
        >
          <p>
            The type <code>{type.name}</code> and its fields are removed. The API refuses while
            documents of the type exist or relation fields of other types target it.
          </p>
        </ConfirmDialog>
      )}
    </section>
  )
}
