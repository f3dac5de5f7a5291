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

/** Why a website's own role may not have `name`, if it may not: a built-in role's is taken. */
export const builtInNameProblem = (name: string): string | undefined =>
  isBuiltInRole(name) ? `${name} is a built-in role; choose another name` : undefined

/** A checked role body as the role to make. */
export function roleInputOf(body: RoleCreateBody): RoleInput {
  const taken = builtInNameProblem(body.name)
  if (taken) throw new ConflictError(taken)
  return body as RoleInput
}

/** A role as an export carries it: what makes it, not when. */
export const exportedRole = ({ name, description, permissions }: CustomRole): RoleInput => ({
  name,
  ...(description !== undefined && { description }),
  permissions,
})

/** What a role is made of; its permissions as the contract's schema checked them. */
export type RoleInput = Omit<RoleCreateBody, 'permissions'> & { permissions: Permissions }

/** A checked role change: members left out stay. */
export type RoleChange = Omit<RoleUpdateBody, 'permissions'> & { permissions?: Permissions }
