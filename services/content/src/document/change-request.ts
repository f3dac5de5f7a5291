import type { AuditRecord } from '@cms/audit'
import type { ChangeReason, DocumentState, StoredDocument } from './document.ts'
import type { EventLocale } from './entry-event.ts'

/** What a change does to the current document; undefined when nothing needs to (idempotent). */
export interface PlannedState {
  reason: ChangeReason
  /** The document after the change; for a delete, its last state. */
  state: DocumentState
  /** Per locale, the base of a slug to derive (the first free of `base`, `base-2`, ...). */
  derivedSlugs?: Record<string, string>
  eventLocale?: EventLocale
}

/** A change of an existing document, as a use case asks the store for it. */
export interface ChangeRequest {
  websiteId: string
  documentId: string
  changedBy: string
  /** Who made the change, from where: its audit record, completed with the version at commit. */
  audit?: AuditRecord
  /**
   * The content types the caller may change; a document of another is missing to it (404, before
   * anything else is looked at). Undefined: every type.
   */
  types?: readonly string[]
  /** `If-Match`: when given, a document it does not admit, or a lost race, is 412. */
  precondition?: (current: StoredDocument) => boolean
  /** The request's write key: when the document's last change was made by it, nothing is done. */
  writeKey?: string
  plan: (current: StoredDocument, now: Date) => Promise<PlannedState | undefined>
}

export interface ChangeResult {
  document: StoredDocument
  changed: boolean
}

/** A slug the client sent (409 when taken), or the base of a derived one (`-2`, `-3`, ...). */
export type SlugIntent = { exact: string } | { derivedFrom: string }

/** Version 1 of a new document, as a use case asks the store for it. */
export interface NewDocument {
  documentId: string
  changedBy: string
  audit?: AuditRecord
  state: Omit<DocumentState, 'slug'>
  slug: SlugIntent
  /** The slugs of non-default locales, claimed the same way. */
  localeSlugs?: Record<string, SlugIntent>
  eventLocale?: EventLocale
}
