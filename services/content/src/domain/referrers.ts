import { ConflictError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { pageEnvelope, parsePageRequest, skipOf } from '@cms/pagination'
import type { PageEnvelope } from '@cms/pagination'
import type { DocumentStore } from '../document/document-store.ts'
import { toApiDocument } from '../document/api-shape.ts'
import { findOwnedDocument } from './document-access.ts'
import type { PresentedDocument } from './populate.ts'
import { listIds } from './relations.ts'

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
    queryString: string
  }): Promise<PageEnvelope<PresentedDocument>> {
    const page = parsePageRequest(input.queryString)
    await findOwnedDocument(deps.store, input.caller, input.id)
    const { docs, total } = await deps.store.page({
      filter: referrersOf(input.caller.websiteId, input.id),
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

/** 409 naming up to ten documents that still name `id` (a delete without `force`). */
export async function requireUnreferenced(
  store: Pick<DocumentStore, 'page'>,
  websiteId: string,
  id: string,
): Promise<void> {
  const { docs } = await store.page({
    filter: referrersOf(websiteId, id),
    sort: [['_id', 1]],
    skip: 0,
    limit: NAMED_REFERRERS + 1,
    projection: { _id: 1 },
    count: false,
  })
  if (docs.length === 0) return
  const ids = docs.map((doc) => doc._id!)
  throw new ConflictError(
    `Document ${id} is named by other documents: ${listIds(ids.slice(0, NAMED_REFERRERS))}${
      ids.length > NAMED_REFERRERS ? ' and more' : ''
    }; delete with force=true to delete it anyway`,
  )
}
