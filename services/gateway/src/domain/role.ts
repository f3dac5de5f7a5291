import { BUILT_IN_ROLES, isBuiltInRole } from '@cms/contract'
import type { Permissions, RoleCreateBody, RoleUpdateBody } from '@cms/contract'
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

/** A checked role body as the role to make: a built-in role's name is taken. */
export function roleInputOf(body: RoleCreateBody): RoleInput {
  if (isBuiltInRole(body.name))
    throw new ConflictError(`${body.name} is a built-in role; choose another name`)
  return body as RoleInput
}

/** What a role is made of; its permissions as the contract's schema checked them. */
export type RoleInput = Omit<RoleCreateBody, 'permissions'> & { permissions: Permissions }

/** A checked role change: members left out stay. */
export type RoleChange = Omit<RoleUpdateBody, 'permissions'> & { permissions?: Permissions }
