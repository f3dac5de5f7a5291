import type { Operation } from './operation.ts'
import { allows, intersectTypes, isCapability, typesOf } from './permissions.ts'
import type { ContentAction, Permission, Permissions, TypeList } from './permissions.ts'

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
      /**
       * The content types whose documents this call may see or change (for a capability or an
       * operation that needs no permission: may read): the service serves no other (docs/api.md,
       * "Permissions"). `'*'`: every type.
       */
      types: TypeList
    }
  | { allowed: false; reason: string; missing: Permission }

/** What a request names besides its operation. */
export interface AuthorizationRequest {
  query: URLSearchParams
  /** The path's parameters (`type` of a by-slug read). */
  params?: Readonly<Record<string, string>>
}

const isContentAction = (permission: Permission): permission is ContentAction =>
  !isCapability(permission)

/** The content types a request names itself: a by-slug path's, a list's `type`. */
function namedType(request: AuthorizationRequest): string | undefined {
  return request.params?.type ?? request.query.get('type') ?? undefined
}

const refused = (missing: Permission, reason: string): Authorization => ({
  allowed: false,
  missing,
  reason,
})

/**
 * The one authorization decision: may a key with `permissions` make `operation` as `request`
 * asks? The operation's permission must be granted (on the type the request names, if it names
 * one), and a read asking for drafts needs `readDrafts` too. The gateway makes it for every call
 * it forwards and tells the service what it decided (docs/gateway.md).
 */
export function authorize(
  operation: Operation,
  permissions: Permissions,
  request: AuthorizationRequest,
): Authorization {
  const draftAccess = allows(permissions, 'readDrafts')
  const needed = operation.permission
  if (needed === undefined)
    return { allowed: true, draftAccess, types: typesOf(permissions, 'read') }
  const type = isContentAction(needed) ? namedType(request) : undefined
  if (!allows(permissions, needed, type)) {
    const on = type === undefined ? '' : ` on ${type}`
    return refused(needed, `This request needs the ${needed} permission${on}`)
  }
  // A capability's call still sees documents only of the types the caller may read (a webhook
  // it creates is told of those types only).
  if (!isContentAction(needed))
    return { allowed: true, draftAccess, types: typesOf(permissions, 'read') }
  let types = typesOf(permissions, needed)
  if (needed === 'read' && asksForDrafts(request.query)) {
    if (!allows(permissions, 'readDrafts', type)) {
      const on = type === undefined ? '' : ` on ${type}`
      return refused('readDrafts', `Draft access needs the readDrafts permission${on}`)
    }
    types = intersectTypes(types, typesOf(permissions, 'readDrafts'))
  }
  return { allowed: true, draftAccess, types }
}
