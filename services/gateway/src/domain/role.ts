import { BUILT_IN_ROLES, isBuiltInRole, RoleCreateBody, RoleUpdateBody } from '@cms/contract'
import type { Permissions } from '@cms/contract'
import { validateBody } from '@cms/contract/validation'
import { ConflictError } from '@cms/errors'

/** A website's own role (docs/api.md, "Permissions"). */
export interface CustomRole {
  websiteId: string
  name: string
  description?: string
  permissions: Permissions
  createdAt: Date
  updatedAt: Date
}

/** A role as listed: the built-in ones first, then the website's own. */
export interface RoleView {
  name: string
  builtIn: boolean
  description?: string
  permissions: Permissions
  createdAt?: Date
  updatedAt?: Date
}

export const BUILT_IN_ROLE_VIEWS: readonly RoleView[] = Object.entries(BUILT_IN_ROLES).map(
  ([name, permissions]) => ({ name, builtIn: true, permissions }),
)

export const customRoleView = (role: CustomRole): RoleView => ({
  name: role.name,
  builtIn: false,
  ...(role.description !== undefined && { description: role.description }),
  permissions: role.permissions,
  createdAt: role.createdAt,
  updatedAt: role.updatedAt,
})

/** `{name, description?, permissions}`; a built-in role's name is taken. */
export function parseRoleInput(body: unknown): RoleCreateBody & { permissions: Permissions } {
  const input = validateBody(RoleCreateBody, body)
  if (isBuiltInRole(input.name))
    throw new ConflictError(`${input.name} is a built-in role; choose another name`)
  return input as RoleCreateBody & { permissions: Permissions }
}

export const parseRoleChange = (body: unknown) =>
  validateBody(RoleUpdateBody, body) as { description?: string; permissions?: Permissions }
