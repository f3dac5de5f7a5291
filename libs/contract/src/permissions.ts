/**
 * The permission model of a website (docs/api.md, "Permissions"): six actions on documents, each
 * on every content type or on named ones, and five website-wide capabilities.
 */
export const CONTENT_ACTIONS = [
  'read',
  'readDrafts',
  'create',
  'update',
  'publish',
  'delete',
] as const
export type ContentAction = (typeof CONTENT_ACTIONS)[number]

export const CAPABILITIES = [
  'manageTypes',
  'manageMedia',
  'manageWebhooks',
  'manageKeys',
  'readAudit',
] as const
export type Capability = (typeof CAPABILITIES)[number]

export type Permission = ContentAction | Capability
export const PERMISSIONS: readonly Permission[] = [...CONTENT_ACTIONS, ...CAPABILITIES]

/** The content types an action covers: all of them (`'*'`), or those named. */
export type TypeList = '*' | readonly string[]

/**
 * What a role, and so a key, may do: `{read: '*', create: ['event'], manageMedia: true}`. An
 * action or capability left out is not granted.
 */
export type Permissions = { readonly [A in ContentAction]?: TypeList } & {
  readonly [C in Capability]?: true
}

/** Every action on every content type. */
const allContent = Object.fromEntries(CONTENT_ACTIONS.map((action) => [action, '*'])) as {
  readonly [A in ContentAction]: '*'
}

/** The roles every website has; a website's own roles are named otherwise. */
export const BUILT_IN_ROLES = {
  owner: {
    ...allContent,
    manageTypes: true,
    manageMedia: true,
    manageWebhooks: true,
    manageKeys: true,
    readAudit: true,
  },
  editor: { ...allContent, manageMedia: true },
  author: { read: '*', readDrafts: '*', create: '*', update: '*' },
  viewer: { read: '*' },
  preview: { read: '*', readDrafts: '*' },
} as const satisfies Record<string, Permissions>
export type BuiltInRole = keyof typeof BUILT_IN_ROLES

export const isBuiltInRole = (name: string): name is BuiltInRole =>
  Object.hasOwn(BUILT_IN_ROLES, name)

/** Today's two key scopes as the roles that grant exactly what they did. */
export const ROLE_OF_SCOPE = { admin: 'owner', read: 'viewer' } as const

export const isCapability = (permission: Permission): permission is Capability =>
  (CAPABILITIES as readonly string[]).includes(permission)

/** Whether `permissions` grant `action` on `type` (any type when `type` is undefined). */
export function allows(permissions: Permissions, action: Permission, type?: string): boolean {
  if (isCapability(action)) return permissions[action] === true
  const types = permissions[action]
  if (types === undefined) return false
  if (types === '*' || type === undefined) return types === '*' || types.length > 0
  return types.includes(type)
}

/** The types `action` covers, `'*'` for all, or an empty list for none. */
export const typesOf = (permissions: Permissions, action: ContentAction): TypeList =>
  permissions[action] ?? []

/** The types both lists cover. */
export const intersectTypes = (a: TypeList, b: TypeList): TypeList =>
  a === '*' ? b : b === '*' ? a : a.filter((type) => b.includes(type))

/** `types` (absent: every type) as the names it lists, or undefined when it covers every type. */
export const namedTypes = (types: TypeList | undefined): readonly string[] | undefined =>
  types === undefined || types === '*' ? undefined : types

/** Whether `types` (absent: every type) covers `type`. */
export const coversType = (types: TypeList | undefined, type: string): boolean =>
  namedTypes(types)?.includes(type) ?? true

/**
 * What a key restricted to `types` may do with `permissions`: each action only on those types,
 * and none of the capabilities that reach beyond them (a content type it does not name, webhooks
 * that see every type, keys it could mint without the restriction). Media stays.
 */
export function restrictToTypes(permissions: Permissions, types: readonly string[]): Permissions {
  const restricted: Record<string, TypeList | true> = {}
  for (const action of CONTENT_ACTIONS) {
    const covered = permissions[action]
    if (covered === undefined) continue
    const kept = intersectTypes(covered, types)
    if (kept === '*' || kept.length > 0) restricted[action] = kept
  }
  if (permissions.manageMedia) restricted.manageMedia = true
  return restricted as Permissions
}

const covers = (outer: TypeList | undefined, inner: TypeList): boolean =>
  outer === '*' || (inner !== '*' && inner.every((type) => outer?.includes(type)))

/** Whether `inner` grants nothing `outer` does not: what a caller may hand on to a key or role. */
export function isWithin(inner: Permissions, outer: Permissions): boolean {
  for (const action of CONTENT_ACTIONS) {
    const types = inner[action]
    if (types !== undefined && !covers(outer[action], types)) return false
  }
  return CAPABILITIES.every((capability) => !inner[capability] || outer[capability] === true)
}

const isTypeList = (value: unknown): value is TypeList =>
  value === '*' || (Array.isArray(value) && value.every((type) => typeof type === 'string'))

/** `permissions` as a header or stored record carries them; undefined unless well formed. */
export function permissionsFrom(raw: unknown): Permissions | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined
  const given = raw as Record<string, unknown>
  for (const [name, value] of Object.entries(given)) {
    if ((CONTENT_ACTIONS as readonly string[]).includes(name)) {
      if (!isTypeList(value)) return undefined
    } else if (!(CAPABILITIES as readonly string[]).includes(name) || value !== true) {
      return undefined
    }
  }
  return given as Permissions
}
