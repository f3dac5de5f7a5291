import { useState } from 'preact/hooks'
import type { CmsDocument } from '@cms/client'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { ErrorMessage } from '../../ui/error-message.tsx'
import { editorHref } from '../editor-route.ts'
import type { EditorSite } from '../editor-site.ts'
import { isStatus } from './field-problems.ts'

/**
 * Delete asks first; a document others name is refused (409, naming them) and can then be
 * deleted anyway (`?force=true`). `If-Match` holds as for saves.
 */
export function DeleteDocument({
  site,
  current,
  title,
}: {
  site: EditorSite
  current: () => CmsDocument
  title: string
}) {
  const [asking, setAsking] = useState<'ask' | 'referenced'>()
  const [error, setError] = useState<unknown>()
  const [busy, setBusy] = useState(false)
  const remove = async () => {
    setBusy(true)
    const doc = current()
    try {
      await site.client.content.delete(
        doc.id,
        asking === 'referenced' ? { force: true } : undefined,
        { ifMatch: doc.version },
      )
      location.hash = editorHref({ view: 'documents', query: new URLSearchParams() })
    } catch (failure) {
      setError(failure)
      setAsking(isStatus(failure, 409) ? 'referenced' : undefined)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" class="button button-danger" onClick={() => setAsking('ask')}>
        Delete
      </button>
      {!asking && <ErrorMessage error={error} />}
      {asking && (
        <ConfirmDialog
          title={`Delete “${title}”?`}
          confirmLabel={asking === 'referenced' ? 'Delete anyway' : 'Delete'}
          busy={busy}
          onConfirm={remove}
          onCancel={() => {
            setAsking(undefined)
            setError(undefined)
          }}
        >
          {asking === 'referenced' ? (
            <ErrorMessage error={error} />
          ) : (
            <p>The document and its whole history are removed; this cannot be undone.</p>
          )}
        </ConfirmDialog>
      )}
    </>
  )
}
