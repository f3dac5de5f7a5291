import { useState } from 'preact/hooks'
import type { CmsDocument } from '@cms/client'
import { ErrorMessage } from '../../ui/error-message.tsx'
import type { EditorSite } from '../editor-site.ts'

/**
 * Publish (a draft, or a published document's pending draft), unpublish, and discard a pending
 * draft. Pending edits are saved first; each call carries `If-Match` like the saves do.
 */
export function PublishActions(props: {
  site: EditorSite
  doc: CmsDocument
  locale: string | undefined
  flush: () => Promise<boolean>
  current: () => CmsDocument
  onDone: (doc: CmsDocument) => void
  blocked: boolean
}) {
  const { site, doc, locale } = props
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const run = (action: (current: CmsDocument) => Promise<unknown>) => async () => {
    setBusy(true)
    setError(undefined)
    try {
      if (!(await props.flush())) return
      await action(props.current())
      // The answer of publish is the live document; the form shows what editors see.
      props.onDone(
        await site.client.content.get(doc.id, { draft: true, ...(locale ? { locale } : {}) }),
      )
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }
  const ifMatch = (current: CmsDocument) => ({ ifMatch: current.version })
  const publish = run((current) => site.client.content.publish(current.id, ifMatch(current)))
  const unpublish = run((current) => site.client.content.unpublish(current.id, ifMatch(current)))
  const discard = run((current) => site.client.content.discardDraft(current.id, ifMatch(current)))
  const disabled = busy || props.blocked
  return (
    <div class="publish-actions">
      {doc.status === 'draft' && (
        <button type="button" class="button button-primary" disabled={disabled} onClick={publish}>
          Publish
        </button>
      )}
      {doc.status === 'published' && doc.hasPendingDraft && (
        <>
          <button type="button" class="button button-primary" disabled={disabled} onClick={publish}>
            Publish changes
          </button>
          <button type="button" class="button" disabled={disabled} onClick={discard}>
            Discard changes
          </button>
        </>
      )}
      {doc.status === 'published' && (
        <button type="button" class="button" disabled={disabled} onClick={unpublish}>
          Unpublish
        </button>
      )}
      <ErrorMessage error={error} />
    </div>
  )
}
