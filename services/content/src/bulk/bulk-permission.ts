import { allows, typesOf } from '@cms/contract'
import type { BulkAction, ContentAction } from '@cms/contract'
import { ForbiddenError } from '@cms/errors'
import type { Caller } from '@cms/http'

/** The permission each action needs on a document's type: that of its single call. */
export const PERMISSION_OF_ACTION = {
  publish: 'publish',
  unpublish: 'publish',
  delete: 'delete',
  update: 'update',
} as const satisfies Record<BulkAction, ContentAction>

/**
 * The caller as the action's single call sees it: its types are those its permission covers, so
 * a document of another type is missing to it (404), as it is to that call. A key with that
 * permission on no type at all is refused as the gateway refuses the single call.
 */
export function actingCaller(caller: Caller, action: BulkAction): Caller {
  const permission = PERMISSION_OF_ACTION[action]
  if (!allows(caller.permissions, permission))
    throw new ForbiddenError(`This request needs the ${permission} permission`, {
      details: [{ path: 'permission', message: permission }],
    })
  return { ...caller, types: typesOf(caller.permissions, permission) }
}
