import type { Caller } from '@cms/http'
import type { DocumentsRepository } from '../data/documents-repository.ts'
import type { SlugRegistry } from '../data/slug-registry.ts'
import {
  documentNotFound,
  findOwnedDocument,
  isVisible,
  requireDraftAccess,
} from './document-access.ts'
import type { StoredDocument } from './document.ts'
import { NotFoundError } from '@cms/errors'

export interface ReadOptions {
  caller: Caller
  draft: boolean
}

export function createDocumentReader(deps: {
  documents: DocumentsRepository
  slugs: SlugRegistry
}) {
  return {
    async byId(input: ReadOptions & { id: string }): Promise<StoredDocument> {
      requireDraftAccess(input.caller, input.draft)
      const document = await findOwnedDocument(deps.documents, input.caller, input.id)
      if (!isVisible(document, input.draft)) throw documentNotFound(input.id)
      return document
    },

    /** Through the slug registry: two lookups by key instead of a scan of `documents`. */
    async bySlug(input: ReadOptions & { type: string; slug: string }): Promise<StoredDocument> {
      requireDraftAccess(input.caller, input.draft)
      const { websiteId } = input.caller
      const notFound = new NotFoundError(`No ${input.type} document with slug ${input.slug}`)
      const claim = await deps.slugs.find({ websiteId, type: input.type, slug: input.slug })
      const document = claim ? await deps.documents.findById(claim.documentId) : null
      const matches =
        document?.websiteId === websiteId &&
        document.type === input.type &&
        document.slug === input.slug
      if (!document || !matches || !isVisible(document, input.draft)) throw notFound
      return document
    },
  }
}
