import type { ContentType, FieldDefinition } from '@cms/content-model'
import type { DocumentState } from './document.ts'

/** Fields whose values are ids: of documents (`relation`) or of the media library (`media`). */
export const idFields = (type: Pick<ContentType, 'fields'>): FieldDefinition[] =>
  type.fields.filter((field) => field.type === 'relation' || field.type === 'media')

/** The ids a relation value holds (one id, a list of them, or none). */
export function idsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
}

/**
 * `state` with `refs` set to every id its relation and media fields hold, live or in a pending
 * draft (and no `refs` when none): one index then finds what names a document or a media file.
 */
export function withRefs<State extends Pick<DocumentState, 'data' | 'refs' | 'pendingDraft'>>(
  state: State,
  type: Pick<ContentType, 'fields'>,
): State {
  const { refs: _previous, ...rest } = state
  const held = [state.data, ...(state.pendingDraft ? [state.pendingDraft.data] : [])]
  const refs = [
    ...new Set(idFields(type).flatMap((field) => held.flatMap((data) => idsOf(data[field.name])))),
  ]
  return (refs.length === 0 ? rest : { ...rest, refs: refs.sort() }) as State
}
