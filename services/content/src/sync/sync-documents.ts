import { GoneError, ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { SyncQuery } from '@cms/contract'
import { stateToStored, toFullApiDocument } from '../document/api-shape.ts'
import { draftView } from '../document/document.ts'
import type { ApiDocument, StoredDocument } from '../document/document.ts'
import type { DocumentStore } from '../document/document-store.ts'
import type { ContentTypeCatalog } from '../domain/content-types.ts'
import { requireDraftAccess } from '../domain/document-access.ts'
import { readLocaleOf } from '../domain/locale-reads.ts'
import type { ReadLocale } from '../domain/locale-reads.ts'
import { callTypes, includesType, typeCondition } from '../domain/visible-types.ts'
import type { VisibleTypes } from '../domain/visible-types.ts'
import type { ChangeReader, ResolvedChange } from '../store/change-reader.ts'
import type { SyncPosition, SyncTokens } from './sync-token.ts'

export const SYNC_PAGE_SIZE = 100

export interface SyncAnswer {
  items: ApiDocument[]
  deleted: string[]
  nextPageToken?: string
  nextSyncToken?: string
}

/** What one page of a sync shows of documents: the caller's view, in the sync's locale. */
interface View {
  draft: boolean
  types: VisibleTypes
  locale: ReadLocale
}

/** The schedule lives beside the versioned state: a sync shows none (docs/sync.md). */
function shown(view: View, document: StoredDocument): ApiDocument {
  const { schedule: _beside, ...state } = view.draft ? draftView(document) : document
  return toFullApiDocument(view.locale.view(state))
}

/**
 * `GET /api/sync` (docs/sync.md): an initial sync pages through the caller's documents, then
 * through the changes made while it paged; a delta answers the changes after its token, latest
 * per document within a page, up to the resolved head it found on its first page.
 */
export function createSync(deps: {
  reader: Pick<ChangeReader, 'read' | 'resolvedHead' | 'isGone'>
  store: Pick<DocumentStore, 'page'>
  catalog: ContentTypeCatalog
  tokens: SyncTokens
  retentionDays: number
}) {
  const { reader, tokens } = deps

  function startOf(caller: Caller, query: SyncQuery): Promise<SyncPosition> | SyncPosition {
    const { syncToken, initial, ...choices } = query
    if (syncToken !== undefined) {
      const given = Object.keys(choices).concat(initial === undefined ? [] : ['initial'])
      if (given.length > 0)
        throw new ValidationError(
          'Invalid sync parameters',
          given.map((path) => ({ path, message: 'is carried by the syncToken' })),
        )
      return tokens.decode(syncToken, caller.websiteId)
    }
    if (initial !== 'true')
      throw ValidationError.single('initial', 'initial=true or a syncToken is needed')
    return reader.resolvedHead(caller.websiteId).then((seq) => ({
      websiteId: caller.websiteId,
      seq,
      documents: true as const,
      ...(choices.type !== undefined && { type: choices.type }),
      ...(choices.locale !== undefined && { locale: choices.locale }),
      ...(choices.draft === 'true' && { draft: true as const }),
    }))
  }

  async function viewOf(caller: Caller, position: SyncPosition): Promise<View> {
    const draft = position.draft === true
    requireDraftAccess(caller, draft)
    const model = await deps.catalog.listed(caller)
    if (position.type !== undefined && !model.types.some((type) => type.name === position.type))
      throw ValidationError.single('type', `No content type ${position.type}`)
    const callers = callTypes(caller)
    const types =
      position.type === undefined
        ? callers
        : includesType(callers, position.type)
          ? [position.type]
          : []
    return { draft, types, locale: readLocaleOf(model, position.locale) }
  }

  const choicesOf = ({ websiteId, type, locale, draft }: SyncPosition) => ({
    websiteId,
    ...(type !== undefined && { type }),
    ...(locale !== undefined && { locale }),
    ...(draft && { draft }),
  })

  async function documentsPage(position: SyncPosition, view: View): Promise<SyncAnswer> {
    const { docs } = await deps.store.page({
      filter: {
        websiteId: position.websiteId,
        ...(view.draft ? {} : { status: 'published' }),
        ...typeCondition(view.types),
        ...(position.after !== undefined && { _id: { $gt: position.after } }),
      },
      sort: [['_id', 1]],
      skip: 0,
      limit: SYNC_PAGE_SIZE + 1,
      count: false,
    })
    const page = (docs as StoredDocument[]).slice(0, SYNC_PAGE_SIZE)
    const items = page.map((document) => shown(view, document))
    const choices = choicesOf(position)
    if (docs.length > SYNC_PAGE_SIZE) {
      const after = page[page.length - 1]!._id
      return { items, deleted: [], nextPageToken: tokens.encode({ ...position, after }) }
    }
    // What changed while the pages were read follows, so the copy ends at one point of the log.
    const head = await reader.resolvedHead(position.websiteId)
    return head > position.seq
      ? {
          items,
          deleted: [],
          nextPageToken: tokens.encode({ ...choices, seq: position.seq, upTo: head }),
        }
      : { items, deleted: [], nextSyncToken: tokens.encode({ ...choices, seq: position.seq }) }
  }

  /**
   * A change as this caller sees it: a state to store, an id to remove, or nothing (the published
   * view did not change: a document that is not published stays out of the copy).
   */
  function outcomeOf(change: ResolvedChange, view: View): ApiDocument | 'deleted' | undefined {
    if (!change.record) {
      // A document deleted while unpublished was never in the copy, or left it when unpublished:
      // then that unpublish, resolved to the deleted document too, is what takes it out.
      const leftThePublishedView = change.published !== false || change.event === 'entry.unpublish'
      return view.draft || leftThePublishedView ? 'deleted' : undefined
    }
    const document = stateToStored(change.documentId, change.record.state)
    if (view.draft || document.status === 'published') return shown(view, document)
    // Only an unpublish takes a document out of the published view; other changes of one that
    // is not published (created, edited, restored as a draft) were never in this caller's copy.
    return change.event === 'entry.unpublish' ? 'deleted' : undefined
  }

  async function changesPage(position: SyncPosition, view: View): Promise<SyncAnswer> {
    if (await reader.isGone(position.websiteId, position.seq))
      throw new GoneError(
        `This sync token is older than the change log's ${deps.retentionDays} days: sync again with initial=true`,
      )
    const upTo = position.upTo ?? (await reader.resolvedHead(position.websiteId))
    const batch = await reader.read({
      websiteId: position.websiteId,
      after: position.seq,
      upTo,
      limit: SYNC_PAGE_SIZE,
    })
    const latest = new Map<string, ApiDocument | 'deleted'>()
    for (const change of batch.changes) {
      if (!includesType(view.types, change.type) && view.types !== undefined) continue
      const outcome = outcomeOf(change, view)
      if (outcome === undefined) continue
      latest.delete(change.documentId)
      latest.set(change.documentId, outcome)
    }
    const items: ApiDocument[] = []
    const deleted: string[] = []
    for (const [id, outcome] of latest) {
      if (outcome === 'deleted') deleted.push(id)
      else items.push(outcome)
    }
    const choices = choicesOf(position)
    return batch.through < upTo
      ? { items, deleted, nextPageToken: tokens.encode({ ...choices, seq: batch.through, upTo }) }
      : { items, deleted, nextSyncToken: tokens.encode({ ...choices, seq: upTo }) }
  }

  return async function sync(input: { caller: Caller; query: SyncQuery }): Promise<SyncAnswer> {
    const position = await startOf(input.caller, input.query)
    const view = await viewOf(input.caller, position)
    return position.documents ? documentsPage(position, view) : changesPage(position, view)
  }
}

export type Sync = ReturnType<typeof createSync>
