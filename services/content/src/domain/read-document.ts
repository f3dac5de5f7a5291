import { NotFoundError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { ContentStore } from '../store/content-store.ts'
import {
  documentNotFound,
  findOwnedDocument,
  isVisible,
  requireDraftAccess,
} from './document-access.ts'
import { draftView } from './document.ts'
import type { StoredDocument } from './document.ts'

export interface ReadOptions {
  caller: Caller
  draft: boolean
}

export function createDocumentReader(deps: {
  store: Pick<ContentStore, 'findDocument' | 'findBySlug'>
}) {
  return {
    async byId(input: ReadOptions & { id: string }): Promise<StoredDocument> {
      requireDraftAccess(input.caller, input.draft)
      const document = await findOwnedDocument(deps.store, input.caller, input.id)
      if (!isVisible(document, input.draft)) throw documentNotFound(input.id)
      return input.draft ? draftView(document) : document
    },

    async bySlug(input: ReadOptions & { type: string; slug: string }): Promise<StoredDocument> {
      requireDraftAccess(input.caller, input.draft)
      const { websiteId } = input.caller
      const document = await deps.store.findBySlug({
        websiteId,
        type: input.type,
        slug: input.slug,
      })
      if (!document || !isVisible(document, input.draft))
        throw new NotFoundError(`No ${input.type} document with slug ${input.slug}`)
      return input.draft ? draftView(document) : document
    },
  }
}
