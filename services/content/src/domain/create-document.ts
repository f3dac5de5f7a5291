import { randomUUID } from 'node:crypto'
import { validatedData } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import { requireAdminScope } from '@cms/http'
import type { Caller } from '@cms/http'
import type { ContentStore } from '../store/content-store.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import type { DocumentData, StoredDocument } from './document.ts'
import { requireRelationTargets, withRefs } from './relations.ts'
import type { MediaLookup } from './relations.ts'
import { requireValidSlug } from './sent-slug.ts'
import { deriveSlug } from './slug.ts'

export interface CreateDocumentInput {
  caller: Caller
  type: string
  data: DocumentData
  slug?: string
}

export function createDocumentCreator(deps: {
  catalog: ContentTypeCatalog
  store: Pick<ContentStore, 'create' | 'findMany'>
  media: Pick<MediaLookup, 'existing'>
  clock: () => Date
  newId?: () => string
}) {
  const newId = deps.newId ?? randomUUID

  /** A new draft, version 1, with the slug sent or derived from its data. */
  return async function createDocument(input: CreateDocumentInput): Promise<StoredDocument> {
    const { caller } = input
    requireAdminScope(caller)
    const contentType = await deps.catalog.current(caller, input.type)
    if (!contentType) throw ValidationError.single('type', `Unknown content type "${input.type}"`)
    const data = validatedData(contentType, input.data)
    if (input.slug !== undefined) requireValidSlug(input.slug)
    await requireRelationTargets(deps, {
      websiteId: caller.websiteId,
      type: contentType,
      data,
    })
    const id = newId()
    const now = deps.clock()
    return deps.store.create({
      documentId: id,
      changedBy: caller.keyId,
      slug:
        input.slug === undefined
          ? { derivedFrom: deriveSlug(contentType, data, id) }
          : { exact: input.slug },
      state: withRefs(
        {
          websiteId: caller.websiteId,
          type: contentType.name,
          status: 'draft',
          authorId: caller.keyId,
          publishedAt: null,
          createdAt: now,
          updatedAt: now,
          version: 1,
          data,
        },
        contentType,
      ),
    })
  }
}
