import { ConflictError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { pageEnvelope, skipOf } from '@cms/pagination'
import type { PageEnvelope, PageRequest } from '@cms/pagination'
import type { DocumentStore } from '../document/document-store.ts'
import { toApiDocument } from '../document/api-shape.ts'
import { findOwnedDocument } from './document-access.ts'
import type { PresentedDocument } from './populate.ts'
import { referrerList } from './named-referrers.ts'
import { callTypes, readableTypes, typeCondition } from './visible-types.ts'

/** The documents of the website whose relation fields name `id` (itself aside). */
const referrersOf = (websiteId: string, id: string) => ({
  websiteId,
  refs: id,
  _id: { $ne: id },
})

/** How many referring ids the delete's 409 names. */
const NAMED_REFERRERS = 10

export function createReferrerLister(deps: {
  store: Pick<DocumentStore, 'findDocument' | 'page'>
}) {
  /** GET /api/content/:id/referenced-by: drafts included, oldest id first (admin only). */
  return async function listReferrers(input: {
    caller: Caller
    id: string
    page: PageRequest
  }): Promise<PageEnvelope<PresentedDocument>> {
    const { page } = input
    await findOwnedDocument(deps.store, input.caller, input.id)
    const { docs, total } = await deps.store.page({
      filter: {
        ...referrersOf(input.caller.websiteId, input.id),
        ...typeCondition(callTypes(input.caller)),
      },
      sort: [['_id', 1]],
      skip: skipOf(page),
      limit: page.limit,
    })
    return pageEnvelope(
      docs.map((doc) => toApiDocument(doc as typeof doc & { _id: string })),
      total ?? 0,
      page,
    )
  }
}

/**
 * 409 naming up to ten documents that still name `id` (a delete without `force`): those of types
 * the caller may read; the others count but are not named.
 */
export async function requireUnreferenced(
  store: Pick<DocumentStore, 'page'>,
  caller: Caller,
  id: string,
): Promise<void> {
  const { docs } = await store.page({
    filter: referrersOf(caller.websiteId, id),
    sort: [['_id', 1]],
    skip: 0,
    limit: NAMED_REFERRERS + 1,
    projection: { _id: 1, type: 1 },
    count: false,
  })
  if (docs.length === 0) return
  throw new ConflictError(
    `Document ${id} is named by other documents${referrerList(docs, readableTypes(caller), NAMED_REFERRERS)}; delete with force=true to delete it anyway`,
  )
}
