import type { EntryEventName } from '@cms/contract'

/**
 * One resolved entry of a website's change log as the content service answers it
 * (`GET /internal/changes`, docs/sync.md).
 */
export interface ChangeEntry {
  seq: number
  documentId: string
  type: string
  event: EntryEventName
  /** The document no longer exists. */
  deleted?: true
  /**
   * The document's published view after the change: true while it is published (for a delete,
   * its last state). Absent from a log that does not say it: then the change is taken as seen.
   */
  published?: boolean
  /** Only a pending draft was saved or discarded: the published view did not change. */
  draft?: true
}

/** A run of resolved entries in seq order, and where the next read starts. */
export interface ChangeLogPage {
  entries: ChangeEntry[]
  /** The log's resolved head: every entry up to it is committed or void. */
  head: number
  /** The last seq the read went past (void entries too): the next read's `since`. */
  through: number
}

/** The reads of the change log the live stream needs. */
export interface ChangeLogReader {
  /**
   * The resolved entries after `since`, at most `limit`, stopping at the first pending one;
   * `limit` 0 reads only the head. A `since` the retention sweep removed is `GoneError`.
   */
  read(websiteId: string, since: number, limit: number): Promise<ChangeLogPage>
}

/** Entries a read asks for at once. */
export const CHANGE_PAGE_SIZE = 100
