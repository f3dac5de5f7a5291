import { validatedData } from '@cms/content-model'
import type { ContentType } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { ContentTypeCatalog } from './content-types.ts'
import { requireAdmin } from './document-access.ts'
import type { ChangeResult, DocumentWriter } from './document-writer.ts'
import { planContentChange } from './plan-content-change.ts'
import type { DocumentData } from './document.ts'
import { mergeData } from './merge-patch.ts'
import type { SlugClaims } from './slug-claims.ts'

export interface UpdateDocumentInput {
  caller: Caller
  id: string
  ifMatch?: string
  /** JSON Merge Patch on `data`. */
  data?: DocumentData
  slug?: string
}

/** Loads a document's current type once per request, however often the change is retried. */
export function typeLoader(
  catalog: ContentTypeCatalog,
  caller: Caller,
): (name: string) => Promise<ContentType> {
  let loading: Promise<ContentType> | undefined
  return (name) =>
    (loading ??= catalog.current(caller, name).then((found) => {
      if (!found)
        throw ValidationError.single('type', `The content type "${name}" no longer exists`)
      return found
    }))
}

export function createDocumentUpdater(deps: {
  catalog: ContentTypeCatalog
  write: DocumentWriter
  slugClaims: SlugClaims
}) {
  /** Merges `data`, validates the result against the type as it is now, keeps the slug unless one is sent. */
  return async function updateDocument(input: UpdateDocumentInput): Promise<ChangeResult> {
    const { caller } = input
    requireAdmin(caller)
    const loadType = typeLoader(deps.catalog, caller)
    return deps.write({
      caller,
      documentId: input.id,
      ifMatch: input.ifMatch,
      async plan(current, now) {
        const contentType = await loadType(current.type)
        const data = validatedData(contentType, mergeData(current.data, input.data ?? {}))
        const slug = input.slug ?? current.slug
        return planContentChange({
          reason: 'update',
          current,
          now,
          data,
          slug,
          slugClaims: deps.slugClaims,
        })
      },
    })
  }
}
