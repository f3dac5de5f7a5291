import { ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { mongoFilterOf, parseListQuery, resolveRelatedConditions } from '../query/index.ts'
import type { DocumentStore } from '../document/document-store.ts'
import type { ListQuery } from '../query/index.ts'
import { toApiDocument } from '../document/api-shape.ts'
import type { ContentTypeCatalog } from './content-types.ts'
import type { WebsiteModel } from '../document/content-type-source.ts'
import { localizedPathsOf, readLocaleOf, renamePaths } from './locale-reads.ts'
import type { ReadLocale } from './locale-reads.ts'
import { requireDraftAccess } from './document-access.ts'
import { callTypes, typeCondition, visibleTypesOf } from './visible-types.ts'
import { DOCUMENT_STATUSES, draftView } from '../document/document.ts'
import { withPendingDraftPaths } from '../document/pending-draft.ts'
import { populateDocuments } from './populate.ts'
import type { PopulateLimits } from './populate-budget.ts'
import type { MediaLookup } from './relations.ts'
import { populatedProjection, relatedIds } from './related-lists.ts'
import type { ApiDocument } from '../document/document.ts'
import { pageEnvelope, uncountedPageEnvelope } from '@cms/pagination'
import { cacheTags } from '@cms/contract'
import type { PageEnvelope, UncountedPageEnvelope } from '@cms/pagination'

export type ListedDocument = Partial<ApiDocument> & { id: string }

/** `draft=true` as sent, before the whole query is parsed: a read key asking for drafts is 403 first. */
const asksForDrafts = (queryString: string): boolean =>
  new URLSearchParams(queryString).getAll('draft').includes('true')

/**
 * The list query parsed against the website's types: they come from a cache, so a query that
 * names a field only a just-changed type declares is parsed once more against a fresh list
 * before it is refused.
 */
export async function parseListQueryOf(
  catalog: ContentTypeCatalog,
  caller: Caller,
  queryString: string,
): Promise<{ query: ListQuery; model: WebsiteModel; locale: ReadLocale }> {
  const parsed = (model: WebsiteModel) => {
    const query = parseListQuery(queryString, { contentTypes: model.types })
    return { query, model, locale: readLocaleOf(model, query.locale) }
  }
  try {
    return parsed(await catalog.listed(caller))
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error
    return parsed(await catalog.listed(caller, { fresh: true }))
  }
}

/**
 * The storage filter of a parsed list query: its conditions (related ones resolved), the
 * caller's website and types, and the status (`draft`: both).
 */
export async function listFilterOf(
  store: Pick<DocumentStore, 'page' | 'findMany'>,
  input: {
    caller: Caller
    parsed: { query: ListQuery; model: WebsiteModel; locale: ReadLocale }
    draft: boolean
    tags?: Set<string> | undefined
  },
): Promise<Record<string, unknown>> {
  const { caller, parsed, draft, tags } = input
  const { query, model, locale } = parsed
  const paths = localizedPathsOf(locale, model, query.type)
  const where = await resolveRelatedConditions(query.where, (condition) => {
    // Which documents match depends on the related type's documents too.
    tags?.add(cacheTags.list(caller.websiteId, condition.via.target))
    return relatedIds(store, {
      caller,
      draft,
      condition,
      path: localizedPathsOf(locale, model, condition.via.target).path,
    })
  })
  return {
    ...(renamePaths(mongoFilterOf(where), paths.path) as Record<string, unknown>),
    websiteId: caller.websiteId,
    // Both statuses as a list, so draft lists use the same indexes (docs/queries.md).
    status: draft ? { $in: [...DOCUMENT_STATUSES] } : 'published',
    ...typeCondition(callTypes(caller)),
  }
}

export function createDocumentLister(deps: {
  store: Pick<DocumentStore, 'page' | 'findMany'>
  catalog: ContentTypeCatalog
  media: Pick<MediaLookup, 'shown'>
  populateLimits: PopulateLimits
}) {
  /**
   * The website's documents as the caller may see them: of the call's types only, published
   * only unless draft=true (draft access).
   */
  return async function listDocuments(input: {
    caller: Caller
    queryString: string
    /** Gets the answer's cache tags (docs/gateway.md, "Caching and CDNs"). */
    tags?: Set<string>
  }): Promise<PageEnvelope<ListedDocument> | UncountedPageEnvelope<ListedDocument>> {
    const { caller, queryString } = input
    requireDraftAccess(caller, asksForDrafts(queryString))
    const parsed = await parseListQueryOf(deps.catalog, caller, queryString)
    const { query, model, locale } = parsed
    const { types } = model
    requireDraftAccess(caller, query.draft)
    const paths = localizedPathsOf(locale, model, query.type)
    const { tags } = input
    const listed = query.type ? [query.type] : (callTypes(caller) ?? types.map(({ name }) => name))
    for (const type of listed) {
      tags?.add(cacheTags.type(caller.websiteId, type))
      tags?.add(cacheTags.list(caller.websiteId, type))
    }
    const filter = await listFilterOf(deps.store, { caller, parsed, draft: query.draft, tags })
    const populated = populatedProjection(query)
    const projected = populated.projection && paths.widen(populated.projection)
    const projection = query.draft ? withPendingDraftPaths(projected) : projected
    const counted = query.withCount !== false
    const { docs, total } = await deps.store.page({
      filter,
      sort: query.sort.map(([path, direction]) => [paths.path(path), direction] as const),
      skip: (query.page - 1) * query.limit,
      // Uncounted, one document more than the page says whether there is a next page.
      limit: counted ? query.limit : query.limit + 1,
      ...(projection ? { projection } : {}),
      ...(counted ? {} : { count: false as const }),
    })
    const request = { page: query.page, limit: query.limit }
    const page = docs
      .slice(0, query.limit)
      .map((doc) => locale.view(query.draft ? draftView(doc) : doc)) as Array<
      (typeof docs)[number] & { _id: string }
    >
    for (const doc of page) tags?.add(cacheTags.document(doc._id))
    const shown = query.populate
      ? (
          await populateDocuments(
            page,
            query.populate,
            {
              store: deps.store,
              media: deps.media,
              websiteId: caller.websiteId,
              draft: query.draft,
              ...visibleTypesOf(caller),
              types,
              localize: locale.view,
              widen: localizedPathsOf(locale, model, undefined).widen,
              limits: deps.populateLimits,
              ...(tags && { tags }),
            },
            query.derived,
          )
        ).map(populated.present)
      : page.map((doc) => toApiDocument(doc, query.derived))
    if (total === null) {
      return uncountedPageEnvelope(shown, { hasNextPage: docs.length > query.limit }, request)
    }
    return pageEnvelope(shown, total, request)
  }
}
