import { ForbiddenError, NotFoundError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { DocumentStore } from '../document/document-store.ts'
import type { StoredDocument } from '../document/document.ts'

import { isDocumentId } from '@cms/content-model'
import { callSees } from './visible-types.ts'

export const documentNotFound = (id: string): NotFoundError =>
  new NotFoundError(`No document ${id}`)

/**
 * Drafts are read with `draft=true` only when the gateway granted draft access to the call
 * (`authorize` of @cms/contract decides it); the service asserts the grant, it never judges a
 * scope.
 */
export function requireDraftAccess(caller: Caller, draft: boolean): void {
  if (draft && !caller.draftAccess)
    throw new ForbiddenError('draft=true needs a key with draft access')
}

/**
 * The caller's website's document of a type the call may see, whatever its status; any other id
 * is 404 (a document of another type does not exist for the call).
 */
export async function findOwnedDocument(
  store: Pick<DocumentStore, 'findDocument'>,
  caller: Caller,
  id: string,
): Promise<StoredDocument> {
  const document = isDocumentId(id) ? await store.findDocument(caller.websiteId, id) : null
  if (!document || !callSees(caller, document.type)) throw documentNotFound(id)
  return document
}

/** As the caller may see it: without draft access a draft does not exist. */
export function isVisible(document: StoredDocument, draft: boolean): boolean {
  return draft || document.status === 'published'
}
