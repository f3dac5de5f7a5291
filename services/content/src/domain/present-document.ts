import { ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { readPopulate } from '../query/index.ts'
import type { DocumentStore } from '../document/document-store.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import { localizedPathsOf, readLocaleOf } from './locale-reads.ts'
import type { StoredDocument } from '../document/document.ts'
import { populateDocuments } from './populate.ts'
import type { PopulateLimits } from './populate-budget.ts'
import type { MediaLookup } from './relations.ts'
import type { PresentedDocument } from './populate.ts'
import { visibleTypesOf } from './visible-types.ts'

/** One document read by id or slug, with `populate` applied (checked against its type). */
export function createDocumentPresenter(deps: {
  store: Pick<DocumentStore, 'findMany'>
  catalog: ContentTypeCatalog
  media: Pick<MediaLookup, 'shown'>
  populateLimits: PopulateLimits
}) {
  return async function presentDocument(input: {
    caller: Caller
    draft: boolean
    document: StoredDocument
    /** `populate` as parsed from the query string. */
    populate: unknown
    /** `locale` as sent. */
    locale?: string
    /** Gets the cache tags of the documents and media the answer embeds. */
    tags?: Set<string>
  }): Promise<PresentedDocument> {
    const model = await deps.catalog.listed(input.caller)
    const { types } = model
    const locale = readLocaleOf(model, input.locale)
    const scope = types.filter((type) => type.name === input.document.type)
    const { populate, issues } = readPopulate(input.populate, { types, scope })
    if (issues.length > 0) throw new ValidationError('Invalid query parameters', issues)
    const [presented] = await populateDocuments([locale.view(input.document)], populate ?? [], {
      store: deps.store,
      media: deps.media,
      websiteId: input.caller.websiteId,
      draft: input.draft,
      ...visibleTypesOf(input.caller),
      types,
      localize: locale.view,
      widen: localizedPathsOf(locale, model, undefined).widen,
      limits: deps.populateLimits,
      ...(input.tags && { tags: input.tags }),
    })
    return presented!
  }
}
