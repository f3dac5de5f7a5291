import { ValidationError } from '@cms/errors'
import type { Caller } from '@cms/http'
import { mongoFilterOf } from '../query/index.ts'
import type { ListQuery, Projection, RelatedCondition } from '../query/index.ts'
import type { DocumentStore } from '../document/document-store.ts'
import { DOCUMENT_STATUSES } from '../document/document.ts'
import { renamePaths } from './locale-reads.ts'
import type { PresentedDocument } from './populate.ts'
import { callSees } from './visible-types.ts'

/** How many related documents one condition on their fields may match. */
export const MAX_RELATED_MATCHES = 1000

/**
 * The ids of the documents of a relation's target type that a condition on their fields
 * matches, as the caller may see them (published only without draft access, none of a type the
 * call may not see): one query.
 * `path` gives the stored path of a target's field in the read's locale.
 */
export async function relatedIds(
  store: Pick<DocumentStore, 'page'>,
  input: {
    caller: Caller
    draft: boolean
    condition: RelatedCondition
    path: (path: string) => string
  },
): Promise<string[]> {
  const { via, ...onTarget } = input.condition
  // A target of a type the call may not see matches as if no document of it existed.
  if (!callSees(input.caller, via.target)) return []
  const { docs } = await store.page({
    filter: {
      ...(renamePaths(mongoFilterOf(onTarget), input.path) as Record<string, unknown>),
      websiteId: input.caller.websiteId,
      type: via.target,
      status: input.draft ? { $in: [...DOCUMENT_STATUSES] } : 'published',
    },
    sort: [],
    skip: 0,
    limit: MAX_RELATED_MATCHES + 1,
    projection: { _id: 1 },
    count: false,
  })
  if (docs.length > MAX_RELATED_MATCHES) {
    throw ValidationError.single(
      'filters',
      `a condition on the fields of ${via.path} matches more than ${MAX_RELATED_MATCHES} ${via.target} documents; narrow it`,
    )
  }
  return docs.map((document) => document._id!)
}

/**
 * The list's projection widened by what population needs (each populated field, and `type`,
 * which says which relation a field is), and how to take back what only population asked for.
 */
export function populatedProjection(query: Pick<ListQuery, 'projection' | 'populate'>): {
  projection: Projection | undefined
  present: (document: PresentedDocument) => PresentedDocument
} {
  const keep = (document: PresentedDocument) => document
  const { projection, populate } = query
  if (!projection || !populate) return { projection, present: keep }
  const needed = ['type', ...populate.map((field) => `data.${field.name}`)]
  const including = projection._id === 1
  const widened: Projection = { ...projection }
  for (const path of needed) {
    if (including && !('data' in widened)) widened[path] = 1
    else if (!including) delete widened[path]
  }
  if (including) widened.type = 1
  const typeHidden = including ? projection.type !== 1 : projection.type === 0
  if (!typeHidden) return { projection: widened, present: keep }
  return {
    projection: widened,
    present: ({ type: _type, ...rest }) => rest,
  }
}
