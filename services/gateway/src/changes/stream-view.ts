import type { EntryEventName, TypeList } from '@cms/contract'
import type { ChangeEntry } from './change-entry.ts'

/** What one stream receives: its caller's types and view, and the filters it asked for. */
export interface StreamView {
  /** The draft view (`draft=true`, readDrafts); else the published view. */
  drafts: boolean
  /** The types the caller may read (the gateway's authorization). */
  readable: TypeList
  type?: string
  events?: ReadonlySet<EntryEventName>
}

/** An event's data: the change, never the document (docs/sync.md, "Live changes"). */
export interface StreamEvent {
  seq: number
  documentId: string
  type: string
  event: EntryEventName
  deleted?: true
}

/**
 * What `view` sees of a change: nothing for a type it may not read or did not ask for, or an
 * event it did not ask for; in the published view nothing for a change of a document that is
 * not published (a delete included: it was never seen, or its unpublish was the deletion) nor
 * for a pending draft saved or discarded, and an unpublish or the delete of a published document
 * as a deletion.
 */
export function streamEventOf(entry: ChangeEntry, view: StreamView): StreamEvent | undefined {
  if (view.type !== undefined && entry.type !== view.type) return undefined
  if (view.readable !== '*' && !view.readable.includes(entry.type)) return undefined
  if (view.events && !view.events.has(entry.event)) return undefined
  const { seq, documentId, type, event } = entry
  const change = { seq, documentId, type, event }
  const gone = entry.deleted === true || event === 'entry.delete'
  if (view.drafts) return gone ? { ...change, deleted: true } : change
  if (event === 'entry.unpublish') return { ...change, deleted: true }
  if (entry.published === false || entry.draft) return undefined
  return gone ? { ...change, deleted: true } : change
}
