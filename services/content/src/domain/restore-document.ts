import { validatedData } from '@cms/content-model'
import { NotFoundError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { VersionsRepository } from '../data/versions-repository.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { findOwnedDocument, requireAdmin } from './document-access.ts'
import type { DocumentsRepository } from '../data/documents-repository.ts'
import type { ChangeResult, DocumentWriter } from './document-writer.ts'
import { planContentChange } from './plan-content-change.ts'
import { versionKey, versionNumberOf } from './document.ts'
import type { SlugClaims } from './slug-claims.ts'
import { typeLoader } from './update-document.ts'

export interface RestoreDocumentInput {
  caller: Caller
  id: string
  versionId: string
  ifMatch?: string
}

export function createDocumentRestorer(deps: {
  catalog: ContentTypeCatalog
  documents: DocumentsRepository
  versions: VersionsRepository
  write: DocumentWriter
  slugClaims: SlugClaims
}) {
  /**
   * Copies a version's data and slug into the document as a new version (reason `restore`,
   * event `entry.update`); the status stays. The data must still fit the type as it is now.
   */
  return async function restoreDocument(input: RestoreDocumentInput): Promise<ChangeResult> {
    const { caller } = input
    requireAdmin(caller)
    await findOwnedDocument(deps.documents, caller, input.id)
    const number = versionNumberOf(input.id, input.versionId)
    const record =
      number === undefined ? null : await deps.versions.findById(versionKey(input.id, number))
    if (!record || record.websiteId !== caller.websiteId || record.reason === 'delete') {
      throw new NotFoundError(`No version ${input.versionId} of document ${input.id}`)
    }
    const loadType = typeLoader(deps.catalog, caller)
    return deps.write({
      caller,
      documentId: input.id,
      ifMatch: input.ifMatch,
      async plan(current, now) {
        const contentType = await loadType(current.type)
        const { slug } = record.state
        const data = validatedData(contentType, record.state.data)
        return planContentChange({
          reason: 'restore',
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
