import { randomUUID } from 'node:crypto'
import { validatedData } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { stateToStored } from './api-shape.ts'
import type { ChangeCommitter } from './change-committer.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { requireAdmin } from './document-access.ts'
import type { DocumentData, DocumentState, StoredDocument } from './document.ts'
import { deriveSlug } from './slug.ts'
import type { SlugClaims } from './slug-claims.ts'

export interface CreateDocumentInput {
  caller: Caller
  type: string
  data: DocumentData
  slug?: string
}

export function createDocumentCreator(deps: {
  catalog: ContentTypeCatalog
  committer: ChangeCommitter
  slugClaims: SlugClaims
  clock: () => Date
  newId?: () => string
}) {
  const newId = deps.newId ?? randomUUID

  /** A new draft, version 1, with its slug claimed before the commit. */
  return async function createDocument(input: CreateDocumentInput): Promise<StoredDocument> {
    const { caller } = input
    requireAdmin(caller)
    const contentType = await deps.catalog.current(caller, input.type)
    if (!contentType) throw ValidationError.single('type', `Unknown content type "${input.type}"`)
    const data = validatedData(contentType, input.data)
    const id = newId()
    const scope = { websiteId: caller.websiteId, type: contentType.name }
    const slug =
      input.slug === undefined
        ? await deps.slugClaims.claimDerived(
            { ...scope, slug: deriveSlug(contentType, data, id) },
            id,
          )
        : (await deps.slugClaims.claimExact({ ...scope, slug: input.slug }, id), input.slug)
    const now = deps.clock()
    const state: DocumentState = {
      websiteId: caller.websiteId,
      type: contentType.name,
      slug,
      status: 'draft',
      authorId: caller.keyId,
      publishedAt: null,
      createdAt: now,
      updatedAt: now,
      version: 1,
      data,
    }
    // A fresh id cannot lose a race for version 1.
    await deps.committer.commit({
      documentId: id,
      websiteId: caller.websiteId,
      version: 1,
      reason: 'create',
      changedBy: caller.keyId,
      state,
      now,
    })
    return stateToStored(id, state)
  }
}
