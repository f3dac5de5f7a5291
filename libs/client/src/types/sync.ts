// GET /api/sync (docs/sync.md), from @cms/contract.
import type { CmsDocument, DocumentData } from './document.ts'

/** Where a sync starts: from scratch, or after a `nextSyncToken`. */
export type SyncStart =
  | {
      initial: true
      type?: string
      locale?: string
      /** Drafts and pending drafts are the states synced (needs readDrafts). */
      draft?: boolean
    }
  | { syncToken: string }

/** One page: documents to store and ids to remove; the last page carries `nextSyncToken`. */
export interface SyncPage<D = DocumentData> {
  items: CmsDocument<D>[]
  deleted: string[]
  nextPageToken?: string
  nextSyncToken?: string
}
