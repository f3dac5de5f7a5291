import { createHash } from 'node:crypto'
import { FIELD_OPTION_TYPES } from '@cms/content-model'
import type { ContentType, FieldDefinition } from '@cms/content-model'
import type { DocumentData, DocumentState } from './document.ts'

/**
 * A value of a `unique` field a document holds, where it is stored: `data` (a shared field, or
 * the default locale's value of a localized one) when `locale` is absent, else `locales.<locale>`
 * (live or in the pending draft). The value is kept as a digest, so a long text makes a short key.
 */
export interface UniqueValue {
  field: string
  locale?: string
  digest: string
}

/** The `unique` fields of a type: top-level ones only (a component cannot declare one). */
export const uniqueFieldsOf = (type: Pick<ContentType, 'fields'>): FieldDefinition[] =>
  type.fields.filter(
    (field) => field.unique === true && FIELD_OPTION_TYPES.unique.includes(field.type),
  )

/** Absent, null and empty values are not claimed: any number of documents may lack a value. */
const claimable = (value: unknown): value is string | number =>
  (typeof value === 'string' && value !== '') || typeof value === 'number'

const digestOf = (value: string | number): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url')

export const uniqueKeyOf = (value: UniqueValue): string =>
  JSON.stringify([value.field, value.locale ?? null, value.digest])

type Content = Pick<DocumentState, 'data' | 'locales' | 'pendingDraft'>
type Held = { uniques?: UniqueValue[] }

/** Every stored place of a value: live and pending draft, `data` and each locale. */
function placesOf(state: Content): Array<{ locale?: string; data: DocumentData }> {
  const contents = [state, ...(state.pendingDraft ? [state.pendingDraft] : [])]
  return contents.flatMap((content) => [
    { data: content.data },
    ...Object.entries(content.locales ?? {}).map(([locale, data]) => ({ locale, data })),
  ])
}

function distinct(values: UniqueValue[]): UniqueValue[] {
  const byKey = new Map(values.map((value) => [uniqueKeyOf(value), value]))
  return [...byKey.values()]
}

/**
 * `state` with `uniques` set to every value its `unique` fields hold, live or in a pending
 * draft (so a draft's value is claimed when it is saved, and publishing it cannot clash).
 */
export function withUniques<State extends Content & Held>(
  state: State,
  type: Pick<ContentType, 'fields'>,
): State & Held {
  const { uniques: _previous, ...rest } = state
  const fields = uniqueFieldsOf(type)
  const uniques = distinct(
    placesOf(state).flatMap(({ locale, data }) =>
      fields.flatMap((field) => {
        const value = data[field.name]
        if (!claimable(value)) return []
        return [{ field: field.name, ...(locale ? { locale } : {}), digest: digestOf(value) }]
      }),
    ),
  )
  return (uniques.length === 0 ? rest : { ...rest, uniques }) as State
}

/**
 * `state` keeping only the `uniques` it still holds: publish, unpublish and a discarded draft
 * drop values without knowing the type, and their claims are released with them.
 */
export function withHeldUniques<State extends Content & Held>(state: State): State & Held {
  if (!state.uniques) return state
  const held = new Set(
    placesOf(state).flatMap(({ locale, data }) =>
      state.uniques!.flatMap((unique) => {
        const value = data[unique.field]
        if ((unique.locale ?? undefined) !== locale || !claimable(value)) return []
        return [uniqueKeyOf({ ...unique, digest: digestOf(value) })]
      }),
    ),
  )
  const { uniques, ...rest } = state
  const kept = uniques.filter((unique) => held.has(uniqueKeyOf(unique)))
  return (kept.length === 0 ? rest : { ...rest, uniques: kept }) as State
}

/** Whether the document holds the value (what an abandoned claim is recognized by). */
export const holdsUnique = (state: Pick<DocumentState, 'uniques'>, value: UniqueValue): boolean =>
  (state.uniques ?? []).some((held) => uniqueKeyOf(held) === uniqueKeyOf(value))
