import type { Access, Operation } from './operation.ts'

/**
 * Asking for drafts: any `draft` parameter other than `false` (bracket forms such as `draft[0]`
 * too), so that no spelling of it slips past the decision.
 */
export function asksForDrafts(query: URLSearchParams): boolean {
  for (const [name, value] of query) {
    if ((name === 'draft' || name.startsWith('draft[')) && value !== 'false') return true
  }
  return false
}

export type Authorization =
  | {
      allowed: true
      /** The caller may read drafts (which this request may or may not ask for). */
      draftAccess: boolean
    }
  | { allowed: false; reason: string }

/**
 * The one authorization decision: may a key of `scope` call `operation` with `query`? Admin
 * operations need an admin key, and so does asking for drafts on a read. The gateway makes it
 * for every call it forwards and tells the service what it decided (docs/gateway.md).
 */
export function authorize(
  operation: Operation,
  scope: Access,
  query: URLSearchParams,
): Authorization {
  if (scope === 'admin') return { allowed: true, draftAccess: true }
  if (operation.access === 'admin')
    return { allowed: false, reason: 'This request needs a key with admin scope' }
  if (asksForDrafts(query))
    return { allowed: false, reason: 'Draft access needs a key with admin scope' }
  return { allowed: true, draftAccess: false }
}
