import type { ChangeRequest, ChangeResult, NewDocument } from './change-request.ts'
import type { DocumentSchedule, SlugScope, StoredDocument, StoredVersion } from './document.ts'

export interface DocumentPageQuery {
  filter: Record<string, unknown>
  sort: ReadonlyArray<readonly [string, 1 | -1]>
  skip: number
  limit: number
  projection?: Record<string, 0 | 1>
  /** false: no count command is sent and `total` is null (Strapi's `withCount=false`). */
  count?: false
}

export interface FindManyOptions {
  projection?: Record<string, 0 | 1>
  publishedOnly?: boolean
  /** Only documents of these content types (in the same query); undefined: any type. */
  types?: readonly string[]
}

export interface DocumentPage {
  docs: Partial<StoredDocument>[]
  /** The documents the filter matches; null when the query asked for no count. */
  total: number | null
}

/**
 * What the use cases need of storage (the port): documents, their versions and their changes.
 * `store/content-store.ts` implements it (docs/content.md, "The write protocol"), `main.ts`
 * wires it; use cases plan changes and read, and never see pointers, claims or roll-forward.
 */
export interface DocumentStore {
  /** The website's document, whatever its status; null for any other. */
  findDocument(websiteId: string, id: string): Promise<StoredDocument | null>
  findBySlug(scope: SlugScope): Promise<StoredDocument | null>
  /** The website's documents among `ids` (any status), in one query. */
  findMany(
    websiteId: string,
    ids: readonly string[],
    options?: FindManyOptions,
  ): Promise<Partial<StoredDocument>[]>
  /** Which of `codes` documents of the website have values in (one query per code). */
  localesInUse(websiteId: string, codes: readonly string[]): Promise<string[]>
  /** Sets (a date) or clears (null) a document's pending schedule time; `onlyIf`: when it is that one. */
  setSchedule(
    websiteId: string,
    id: string,
    when: keyof DocumentSchedule,
    at: Date | null,
    onlyIf?: Date,
  ): Promise<boolean>
  /** One page of `documents` and the total count (null with `count: false`). */
  page(query: DocumentPageQuery): Promise<DocumentPage>
  /** The history of the website's document. */
  history(
    websiteId: string,
    documentId: string,
    page: { skip: number; limit: number },
  ): Promise<{ records: StoredVersion[]; total: number }>
  /** A version of the website's document; null for any other. */
  findVersion(websiteId: string, documentId: string, version: number): Promise<StoredVersion | null>
  /** Version 1 of a new document, its slug claimed first. */
  create(document: NewDocument): Promise<StoredDocument>
  /** A change of an existing document of the website (404 when it has none of that id). */
  change(request: ChangeRequest): Promise<ChangeResult>
}
