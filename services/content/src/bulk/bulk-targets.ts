import { MAX_BULK_DOCUMENTS, namedTypes } from '@cms/contract'
import type { BulkRequestBody } from '@cms/contract'
import { ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import type { ContentTypeCatalog } from '../domain/content-types.ts'
import { listFilterOf, parseListQueryOf } from '../domain/list-documents.ts'
import { localizedPathsOf } from '../domain/locale-reads.ts'
import type { DocumentStore } from '../document/document-store.ts'

/** A request's documents: every id it names, and those that exist for the action's call. */
export interface BulkTargets {
  ids: string[]
  found: string[]
}

/**
 * Resolves `ids` or `query` once, in one storage query: `ids` as sent (those missing to the
 * action's call become 404 results), a query's matches in either status, in the list's order
 * (more than 1,000 is 422).
 */
export function createTargetResolver(deps: {
  store: Pick<DocumentStore, 'page' | 'findMany'>
  catalog: ContentTypeCatalog
}) {
  return async function resolveTargets(
    caller: Caller,
    request: Pick<BulkRequestBody, 'ids' | 'query'>,
  ): Promise<BulkTargets> {
    if (request.ids) {
      const types = namedTypes(caller.types)
      const existing = await deps.store.findMany(caller.websiteId, request.ids, {
        projection: { _id: 1 },
        ...(types && { types }),
      })
      const found = new Set(existing.map((document) => document._id))
      return { ids: request.ids, found: request.ids.filter((id) => found.has(id)) }
    }
    const parsed = await parseListQueryOf(deps.catalog, caller, request.query ?? '')
    const filter = await listFilterOf(deps.store, { caller, parsed, draft: true })
    const paths = localizedPathsOf(parsed.locale, parsed.model, parsed.query.type)
    const { docs } = await deps.store.page({
      filter,
      sort: parsed.query.sort.map(([path, direction]) => [paths.path(path), direction] as const),
      skip: 0,
      limit: MAX_BULK_DOCUMENTS + 1,
      projection: { _id: 1 },
      count: false,
    })
    if (docs.length > MAX_BULK_DOCUMENTS)
      throw ValidationError.single(
        'query',
        `The query matches more than ${MAX_BULK_DOCUMENTS} documents; narrow it`,
      )
    const ids = docs.map((document) => document._id!)
    return { ids, found: ids }
  }
}

export type TargetResolver = ReturnType<typeof createTargetResolver>
