// The live change stream's events (docs/sync.md, "Live changes"), from @cms/contract.
import type { EntryEventName } from '@cms/contract'

/** One change the caller may see: which document, and what happened to it. */
export interface ChangeEvent {
  /** The change's place in the website's log; a reconnect resumes after the last one seen. */
  seq: number
  documentId: string
  type: string
  event: EntryEventName
  /** The document left the caller's view (deleted, or unpublished for the published view). */
  deleted?: true
}

/** What a stream receives: a type, some events, the draft view; where it starts. */
export interface ChangeStreamQuery {
  /** Start after this seq (the log replays what followed it); else from now. */
  since?: number
  type?: string
  events?: EntryEventName[]
  /** The draft view (needs readDrafts); else the published view. */
  draft?: boolean
}
