import { CAPABILITIES, CONTENT_ACTIONS } from '@cms/contract'
import type { Capability, ContentAction, Permissions, TypeList } from '@cms/contract'

/** What the form offers for each action: not at all, on every type, or on the types chosen. */
export const ACTION_REACH = ['none', 'all', 'some'] as const
export type ActionReach = (typeof ACTION_REACH)[number]

export const REACH_LABELS: Record<ActionReach, string> = {
  none: 'none',
  all: 'all types',
  some: 'chosen types',
}

export interface ActionChoice {
  reach: ActionReach
  types: string[]
}

/** A role's permissions as the form holds them. */
export interface PermissionChoices {
  actions: Record<ContentAction, ActionChoice>
  capabilities: Record<Capability, boolean>
}

const choiceOf = (types: TypeList | undefined): ActionChoice =>
  types === undefined
    ? { reach: 'none', types: [] }
    : types === '*'
      ? { reach: 'all', types: [] }
      : { reach: 'some', types: [...types] }

export function choicesOf(permissions: Permissions): PermissionChoices {
  return {
    actions: Object.fromEntries(
      CONTENT_ACTIONS.map((action) => [action, choiceOf(permissions[action])]),
    ) as PermissionChoices['actions'],
    capabilities: Object.fromEntries(
      CAPABILITIES.map((capability) => [capability, permissions[capability] === true]),
    ) as PermissionChoices['capabilities'],
  }
}

/**
 * The permissions to send. "Chosen types" with none chosen is sent as an empty list, so the API
 * says what is wrong with it rather than the form dropping the action unseen.
 */
export function permissionsOf(choices: PermissionChoices): Permissions {
  const granted: Record<string, TypeList | true> = {}
  for (const action of CONTENT_ACTIONS) {
    const { reach, types } = choices.actions[action]
    if (reach === 'all') granted[action] = '*'
    if (reach === 'some') granted[action] = types
  }
  for (const capability of CAPABILITIES)
    if (choices.capabilities[capability]) granted[capability] = true
  return granted as Permissions
}
