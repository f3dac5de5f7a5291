import { NotFoundError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { DocumentStore } from '../document/document-store.ts'
import {
  documentNotFound,
  findOwnedDocument,
  isVisible,
  requireDraftAccess,
} from './document-access.ts'
import { draftView } from '../document/document.ts'
import type { StoredDocument } from '../document/document.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { readLocaleOf } from './locale-reads.ts'
import { ALL_LOCALES } from '../document/localized-content.ts'
import { callSees } from './visible-types.ts'

export interface ReadOptions {
  caller: Caller
  draft: boolean
}

export function createDocumentReader(deps: {
  store: Pick<DocumentStore, 'findDocument' | 'findBySlug'>
  catalog: ContentTypeCatalog
}) {
  /** The slug scope's locale: none for the default locale (and `*`), else the code. */
  async function slugLocale(caller: Caller, raw: string | undefined) {
    if (raw === undefined) return undefined
    const model = await deps.catalog.listed(caller)
    const locale = readLocaleOf(model, raw)
    return locale.code === locale.defaultCode || locale.code === ALL_LOCALES
      ? undefined
      : locale.code
  }

  return {
    async byId(input: ReadOptions & { id: string }): Promise<StoredDocument> {
      requireDraftAccess(input.caller, input.draft)
      const document = await findOwnedDocument(deps.store, input.caller, input.id)
      if (!isVisible(document, input.draft)) throw documentNotFound(input.id)
      return input.draft ? draftView(document) : document
    },

    async bySlug(
      input: ReadOptions & { type: string; slug: string; locale?: string },
    ): Promise<StoredDocument> {
      requireDraftAccess(input.caller, input.draft)
      const { websiteId } = input.caller
      const locale = await slugLocale(input.caller, input.locale)
      const document = await deps.store.findBySlug({
        websiteId,
        type: input.type,
        slug: input.slug,
        ...(locale === undefined ? {} : { locale }),
      })
      const seen = document !== null && callSees(input.caller, document.type)
      if (!seen || !isVisible(document, input.draft))
        throw new NotFoundError(`No ${input.type} document with slug ${input.slug}`)
      return input.draft ? draftView(document) : document
    },
  }
}
