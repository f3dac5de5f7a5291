import type { Caller } from '@cms/http'
import type { DocumentStore } from '../document/document-store.ts'
import { toApiVersion } from '../document/api-shape.ts'
import type { ApiVersion } from '../document/api-shape.ts'
import { findOwnedDocument } from './document-access.ts'
import { pageEnvelope, skipOf } from '@cms/pagination'
import type { PageEnvelope, PageRequest } from '@cms/pagination'

export function createVersionLister(deps: {
  store: Pick<DocumentStore, 'findDocument' | 'history'>
}) {
  /** A document's history, newest first, drafts included (versions are admin-only). */
  return async function listVersions(input: {
    caller: Caller
    id: string
    page: PageRequest
  }): Promise<PageEnvelope<ApiVersion>> {
    const { page } = input
    await findOwnedDocument(deps.store, input.caller, input.id)
    const { records, total } = await deps.store.history(input.caller.websiteId, input.id, {
      skip: skipOf(page),
      limit: page.limit,
    })
    return pageEnvelope(records.map(toApiVersion), total, page)
  }
}
