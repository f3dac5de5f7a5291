import type { DocumentStore } from '../document/document-store.ts'
import { createStatusChanger } from './change-status.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { createDocumentCreator } from './create-document.ts'
import { createDocumentDeleter } from './delete-document.ts'
import { createDraftDiscarder } from './discard-draft.ts'
import { createDocumentLister } from './list-documents.ts'
import { createDocumentPresenter } from './present-document.ts'
import { createVersionLister } from './list-versions.ts'
import { createDocumentReader } from './read-document.ts'
import { viewInLocale } from './locale-reads.ts'
import { createReferrerLister } from './referrers.ts'
import { createDocumentRestorer } from './restore-document.ts'
import { createDocumentUpdater } from './update-document.ts'
import type { MediaLookup } from './relations.ts'
import type { PopulateLimits } from './populate-budget.ts'

export interface ContentServiceDeps {
  store: DocumentStore
  catalog: ContentTypeCatalog
  clock: () => Date
  /** The media library, for media fields (checked on writes, populated on reads). */
  media: MediaLookup
  /** What one answer with `populate` may embed and weigh. */
  populateLimits: PopulateLimits
}

/** The use cases of spec section 4.2, wired to their collaborators. */
export function createContentService(deps: ContentServiceDeps) {
  const { store, catalog, clock, media, populateLimits } = deps
  const reader = createDocumentReader({ store, catalog })
  const status = createStatusChanger({ store, catalog })
  return {
    create: createDocumentCreator({ catalog, store, clock, media }),
    update: createDocumentUpdater({ catalog, store, media }),
    publish: status.publish,
    unpublish: status.unpublish,
    restore: createDocumentRestorer({ catalog, store, media }),
    remove: createDocumentDeleter({ store }),
    byId: reader.byId,
    bySlug: reader.bySlug,
    list: createDocumentLister({ store, catalog, media, populateLimits }),
    versions: createVersionLister({ store }),
    present: createDocumentPresenter({ store, catalog, media, populateLimits }),
    referrers: createReferrerLister({ store }),
    discardDraft: createDraftDiscarder({ store }),
    /** A document as read in `locale` (as sent; the website default when undefined). */
    inLocale: (input: Parameters<typeof viewInLocale>[1]) => viewInLocale(catalog, input),
  }
}

export type ContentService = ReturnType<typeof createContentService>
