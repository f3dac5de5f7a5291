import { BUILT_IN_ROLES, isBuiltInRole, isWithin } from '@cms/contract'
import type { Permissions, RoleCreateBody, RoleUpdateBody } from '@cms/contract'
import { ConflictError, ForbiddenError, NotFoundError } from '@cms/errors'
import type { ApiKeysRepository } from '../data/api-keys-repository.ts'
import type { RolesRepository } from '../data/roles-repository.ts'
import { BUILT_IN_ROLE_VIEWS, customRoleView, roleInputOf } from './role.ts'
import type { RoleChange, RoleView } from './role.ts'
import { isLive } from './api-key.ts'
import type { WebsitesAdmin } from './websites-admin.ts'

export interface RolesAdminDeps {
  roles: RolesRepository
  apiKeys: ApiKeysRepository
  websites: WebsitesAdmin
  now: () => Date
  /** Keys of the website may now have other permissions: cached lookups go. */
  onRolesChanged: (websiteId: string) => void
}

/**
 * Who asks: a key with `manageKeys` (its own permissions bound what it may grant) or the
 * platform operator (everything).
 */
export type Grantor = Permissions

export interface RolesAdmin {
  list(websiteId: string): Promise<RoleView[]>
  /** A role's permissions; undefined when the website has no role of that name. */
  permissionsOf(websiteId: string, name: string): Promise<Permissions | undefined>
  create(websiteId: string, body: RoleCreateBody, grantor: Grantor): Promise<RoleView>
  update(websiteId: string, name: string, body: RoleUpdateBody, grantor: Grantor): Promise<RoleView>
  remove(websiteId: string, name: string, grantor: Grantor): Promise<void>
}

/** Nobody hands on what they do not hold (docs/api.md, "Permissions"). */
export function requireWithin(granted: Permissions, grantor: Grantor, what: string): void {
  if (!isWithin(granted, grantor))
    throw new ForbiddenError(`${what} would grant more than this key holds (manageKeys)`)
}

function refuseBuiltIn(name: string): void {
  if (isBuiltInRole(name)) throw new ConflictError(`${name} is a built-in role; it cannot change`)
}

export function createRolesAdmin(deps: RolesAdminDeps): RolesAdmin {
  const existing = async (websiteId: string, name: string) => {
    const role = await deps.roles.find(websiteId, name)
    if (!role) throw new NotFoundError(`Role ${name} not found`)
    return role
  }
  return {
    async list(websiteId) {
      await deps.websites.get(websiteId)
      const own = await deps.roles.listByWebsite(websiteId)
      return [...BUILT_IN_ROLE_VIEWS, ...own.map(customRoleView)]
    },
    async permissionsOf(websiteId, name) {
      if (isBuiltInRole(name)) return BUILT_IN_ROLES[name]
      return (await deps.roles.find(websiteId, name))?.permissions
    },
    async create(websiteId, body, grantor) {
      await deps.websites.get(websiteId)
      const input = roleInputOf(body)
      requireWithin(input.permissions, grantor, 'This role')
      const now = deps.now()
      const role = { websiteId, ...input, createdAt: now, updatedAt: now }
      if (!(await deps.roles.insert(role)))
        throw new ConflictError(`The website already has a role named ${input.name}`)
      return customRoleView(role)
    },
    async update(websiteId, name, body, grantor) {
      await deps.websites.get(websiteId)
      refuseBuiltIn(name)
      const change = body as RoleChange
      const role = await existing(websiteId, name)
      requireWithin(role.permissions, grantor, 'Changing this role')
      const changed = { ...role, ...change, updatedAt: deps.now() }
      requireWithin(changed.permissions, grantor, 'This role')
      if (!(await deps.roles.replace(changed))) throw new NotFoundError(`Role ${name} not found`)
      deps.onRolesChanged(websiteId)
      return customRoleView(changed)
    },
    async remove(websiteId, name, grantor) {
      await deps.websites.get(websiteId)
      refuseBuiltIn(name)
      const role = await existing(websiteId, name)
      requireWithin(role.permissions, grantor, 'Deleting this role')
      const keys = await deps.apiKeys.listByWebsite(websiteId)
      const now = deps.now()
      const holders = keys.filter((key) => key.role === name && isLive(key, now))
      if (holders.length > 0)
        throw new ConflictError(
          `Role ${name} is held by ${holders.length} live key(s); revoke or re-role them first`,
        )
      await deps.roles.remove(websiteId, name)
      deps.onRolesChanged(websiteId)
    },
  }
}
