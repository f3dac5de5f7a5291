import { ForbiddenError, NotFoundError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { ContentStore } from '../store/content-store.ts'
import type { StoredDocument } from './document.ts'

import { isDocumentId } from '@cms/content-model'

export const documentNotFound = (id: string): NotFoundError =>
  new NotFoundError(`No document ${id}`)

/** Draft access is an admin privilege asked for with `draft=true`. */
export function requireDraftAccess(caller: Caller, draft: boolean): void {
  if (draft && caller.scope !== 'admin')
    throw new ForbiddenError('draft=true needs a key with admin scope')
}

/** The caller's website's document, whatever its status; any other id is 404. */
export async function findOwnedDocument(
  store: Pick<ContentStore, 'findDocument'>,
  caller: Caller,
  id: string,
): Promise<StoredDocument> {
  const document = isDocumentId(id) ? await store.findDocument(caller.websiteId, id) : null
  if (!document) throw documentNotFound(id)
  return document
}

/** As the caller may see it: without draft access a draft does not exist. */
export function isVisible(document: StoredDocument, draft: boolean): boolean {
  return draft || document.status === 'published'
}
