import type { DocumentsRepository } from '../data/documents-repository.ts'
import type { SlugRegistry } from '../data/slug-registry.ts'
import type { VersionsRepository } from '../data/versions-repository.ts'
import type { ChangeCommitter } from './change-committer.ts'
import { createStatusChanger } from './change-status.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { createDocumentCreator } from './create-document.ts'
import { createDocumentDeleter } from './delete-document.ts'
import { createDocumentWriter } from './document-writer.ts'
import { createDocumentLister } from './list-documents.ts'
import { createVersionLister } from './list-versions.ts'
import { createDocumentReader } from './read-document.ts'
import { createDocumentRestorer } from './restore-document.ts'
import { createSlugClaims } from './slug-claims.ts'
import { createDocumentUpdater } from './update-document.ts'

export interface ContentServiceDeps {
  documents: DocumentsRepository
  versions: VersionsRepository
  slugs: SlugRegistry
  committer: ChangeCommitter
  catalog: ContentTypeCatalog
  clock: () => Date
}

/** The use cases of spec section 4.2, wired to their collaborators. */
export function createContentService(deps: ContentServiceDeps) {
  const { documents, versions, slugs, committer, catalog, clock } = deps
  const slugClaims = createSlugClaims({ registry: slugs, documents, clock })
  const write = createDocumentWriter({ documents, committer, slugClaims, clock })
  const reader = createDocumentReader({ documents, slugs })
  const status = createStatusChanger({ write })
  return {
    create: createDocumentCreator({ catalog, committer, slugClaims, clock }),
    update: createDocumentUpdater({ catalog, write, slugClaims }),
    publish: status.publish,
    unpublish: status.unpublish,
    restore: createDocumentRestorer({ catalog, documents, versions, write, slugClaims }),
    remove: createDocumentDeleter({ write }),
    byId: reader.byId,
    bySlug: reader.bySlug,
    list: createDocumentLister({ documents, catalog }),
    versions: createVersionLister({ documents, versions }),
  }
}

export type ContentService = ReturnType<typeof createContentService>
