import type { ContentType, FieldDefinition } from '@cms/content-model'
import { ValidationError } from '@cms/errors'
import type { ErrorDetail } from '@cms/errors'
import type { ContentStore } from '../store/content-store.ts'
import type { DocumentData, DocumentState } from './document.ts'

/** How many ids an error message lists before it says how many more there are. */
const LISTED_IDS = 10

const relationFields = (type: Pick<ContentType, 'fields'>): FieldDefinition[] =>
  type.fields.filter((field) => field.type === 'relation')

/** The ids a relation value holds (one id, a list of them, or none). */
export function idsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
}

export function listIds(ids: readonly string[]): string {
  const shown = ids.slice(0, LISTED_IDS).join(', ')
  return ids.length > LISTED_IDS ? `${shown} and ${ids.length - LISTED_IDS} more` : shown
}

/**
 * `state` with `refs` set to every id its relation fields hold, live or in a pending draft (and
 * no `refs` when none).
 */
export function withRefs<State extends Pick<DocumentState, 'data' | 'refs' | 'pendingDraft'>>(
  state: State,
  type: Pick<ContentType, 'fields'>,
): State {
  const { refs: _previous, ...rest } = state
  const held = [state.data, ...(state.pendingDraft ? [state.pendingDraft.data] : [])]
  const refs = [
    ...new Set(
      relationFields(type).flatMap((field) => held.flatMap((data) => idsOf(data[field.name]))),
    ),
  ]
  return (refs.length === 0 ? rest : { ...rest, refs: refs.sort() }) as State
}

/**
 * Every id `data` newly names must be a document of the caller's website and of its field's
 * target type (drafts count); ids `kept` already held in the same field stay valid even when
 * their document has since been deleted with `force`. One query for all the fields.
 */
export async function requireRelationTargets(
  store: Pick<ContentStore, 'findMany'>,
  input: {
    websiteId: string
    type: Pick<ContentType, 'fields'>
    data: DocumentData
    kept?: DocumentData
  },
): Promise<void> {
  const wanted = relationFields(input.type).map((field) => {
    const kept = new Set(idsOf(input.kept?.[field.name]))
    return { field, ids: idsOf(input.data[field.name]).filter((id) => !kept.has(id)) }
  })
  const all = [...new Set(wanted.flatMap(({ ids }) => ids))]
  if (all.length === 0) return
  const found = await store.findMany(input.websiteId, all, { projection: { _id: 1, type: 1 } })
  const typeOf = new Map(found.map((document) => [document._id!, document.type]))
  const problems: ErrorDetail[] = []
  for (const { field, ids } of wanted) {
    const missing = ids.filter((id) => typeOf.get(id) !== field.target)
    if (missing.length === 0) continue
    problems.push({
      path: `data.${field.name}`,
      message: `names no ${field.target} document of this website: ${listIds(missing)}`,
    })
  }
  if (problems.length > 0) {
    throw new ValidationError('The document names related documents that do not exist', problems)
  }
}
