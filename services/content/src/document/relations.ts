import { forEachFieldValue } from '@cms/content-model'
import type { ContentType, FieldDefinition } from '@cms/content-model'
import type { DocumentData, DocumentState } from './document.ts'

/** The ids a relation value holds (one id, a list of them, or none). */
export function idsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
}

/** The ids one relation or media value holds, and where (`data.sections[2].image`). */
export interface HeldIds {
  field: FieldDefinition
  path: string
  ids: string[]
}

/**
 * Every relation and media value of `data` that holds ids, at any depth of components and blocks
 * (`fields` resolved), in document order.
 */
export function heldIds(fields: readonly FieldDefinition[], data: DocumentData): HeldIds[] {
  const held: HeldIds[] = []
  forEachFieldValue(fields, data, (field, value, path) => {
    if (field.type !== 'relation' && field.type !== 'media') return
    const ids = idsOf(value)
    if (ids.length > 0) held.push({ field, path, ids })
  })
  return held
}

type HeldContent = Pick<DocumentState, 'data' | 'locales' | 'refs' | 'pendingDraft'>

/** Live values, other locales' values (a localized component may hold ids), pending draft. */
const contentsOf = (state: HeldContent): DocumentData[] => [
  state.data,
  ...Object.values(state.locales ?? {}),
  ...(state.pendingDraft
    ? [state.pendingDraft.data, ...Object.values(state.pendingDraft.locales ?? {})]
    : []),
]

/**
 * `state` with `refs` set to every id its relation and media fields hold at any depth, in any
 * locale, live or in a pending draft (and no `refs` when none): one index then finds what names
 * a document or a media file.
 */
export function withRefs<State extends HeldContent>(
  state: State,
  type: Pick<ContentType, 'fields'>,
): State {
  const { refs: _previous, ...rest } = state
  const refs = new Set(
    contentsOf(state).flatMap((data) => heldIds(type.fields, data).flatMap(({ ids }) => ids)),
  )
  return (refs.size === 0 ? rest : { ...rest, refs: [...refs].sort() }) as State
}
