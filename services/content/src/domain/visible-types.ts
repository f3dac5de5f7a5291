import { coversType, namedTypes, typesOf } from '@cms/contract'
import type { Caller } from '@cms/http'

/**
 * The content types a call may see (docs/api.md, "Permissions"): a document of another type does
 * not exist for it. Undefined: every type, and no condition on `type` at all.
 */
export type VisibleTypes = readonly string[] | undefined

/** The types the gateway let this call see or change (its operation's permission). */
export const callTypes = (caller: Caller): VisibleTypes => namedTypes(caller.types)

/**
 * The types the caller's key may read: what a write may name in relation fields and what its
 * errors may name of other documents (the call's own types are those of its write action).
 */
export const readableTypes = (caller: Caller): VisibleTypes =>
  namedTypes(typesOf(caller.permissions, 'read'))

/** Whether the call may see or change documents of `type`. */
export const callSees = (caller: Caller, type: string): boolean => coversType(caller.types, type)

export const includesType = (types: VisibleTypes, type: string | undefined): boolean =>
  type === undefined ? types === undefined : coversType(types, type)

/** `visibleTypes` of a populate context: the call's types, when it has a list of them. */
export function visibleTypesOf(caller: Caller): { visibleTypes?: readonly string[] } {
  const types = callTypes(caller)
  return types === undefined ? {} : { visibleTypes: types }
}

/** The storage condition on `type` for documents of `types`: none for every type. */
export function typeCondition(types: VisibleTypes): { type?: string | { $in: string[] } } {
  if (types === undefined) return {}
  return { type: types.length === 1 ? types[0]! : { $in: [...types] } }
}
