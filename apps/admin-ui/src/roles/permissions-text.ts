import { CAPABILITIES, CONTENT_ACTIONS } from '@cms/contract'
import type { Permissions, TypeList } from '@cms/contract'

/** A role's permissions as the API lists them (a plain record), read as the model's. */
export function readPermissions(listed: Record<string, unknown>): Permissions {
  const read: Record<string, TypeList | true> = {}
  for (const action of CONTENT_ACTIONS) {
    const types = listed[action]
    if (types === '*') read[action] = '*'
    else if (Array.isArray(types)) read[action] = types.map(String)
  }
  for (const capability of CAPABILITIES) if (listed[capability] === true) read[capability] = true
  return read as Permissions
}

/** `read: all types`, `create: event, venue`, `manageMedia`: one phrase per grant. */
export function describePermissions(permissions: Permissions): string[] {
  const actions = CONTENT_ACTIONS.flatMap((action) => {
    const types = permissions[action]
    if (types === undefined) return []
    return [`${action}: ${types === '*' ? 'all types' : types.join(', ')}`]
  })
  return [...actions, ...CAPABILITIES.filter((capability) => permissions[capability] === true)]
}

/** The same as one line; `nothing` for a role that grants nothing. */
export const permissionsSummary = (listed: Record<string, unknown>): string =>
  describePermissions(readPermissions(listed)).join('; ') || 'nothing'
