import type { CmsDocument } from '@cms/client'
import { formatDateTime } from '../../ui/format.ts'
import type { SaveStatus } from './use-autosave.ts'

const WORDS: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes…',
  saving: 'Saving…',
  invalid: 'Not saved: fix the marked fields',
  failed: 'Not saved',
  conflict: 'Not saved: changed elsewhere',
}

/** Announced politely to screen readers; the test waits on its words. */
export function SaveStatusLine({ status, doc }: { status: SaveStatus; doc: CmsDocument }) {
  const where = doc.status === 'published' && doc.hasPendingDraft ? ' (as a pending draft)' : ''
  return (
    <p class={`save-status save-status-${status}`} role="status" aria-live="polite">
      {WORDS[status]}
      {status === 'saved' && `${where} · ${formatDateTime(doc.updatedAt)}`}
    </p>
  )
}
