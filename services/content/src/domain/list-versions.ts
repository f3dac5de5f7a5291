import type { Caller } from '@cms/http'
import type { DocumentsRepository } from '../data/documents-repository.ts'
import type { VersionsRepository } from '../data/versions-repository.ts'
import { toApiVersion } from './api-shape.ts'
import type { ApiVersion } from './api-shape.ts'
import { findOwnedDocument, requireAdmin } from './document-access.ts'
import { pageEnvelope, parsePageRequest, skipOf } from '@cms/pagination'
import type { PageEnvelope } from '@cms/pagination'

export function createVersionLister(deps: {
  documents: DocumentsRepository
  versions: VersionsRepository
}) {
  /** A document's history, newest first, drafts included (versions are admin-only). */
  return async function listVersions(input: {
    caller: Caller
    id: string
    queryString: string
  }): Promise<PageEnvelope<ApiVersion>> {
    requireAdmin(input.caller)
    const page = parsePageRequest(input.queryString)
    await findOwnedDocument(deps.documents, input.caller, input.id)
    const { records, total } = await deps.versions.history(input.id, {
      skip: skipOf(page),
      limit: page.limit,
    })
    return pageEnvelope(records.map(toApiVersion), total, page)
  }
}
