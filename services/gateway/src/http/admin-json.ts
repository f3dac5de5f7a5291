import { PURGE_STEPS } from '../lifecycle/purge.ts'
import type { Purge } from '../lifecycle/purge.ts'
import { scopeOfRole } from '../domain/api-key.ts'
import type { ApiKey } from '../domain/api-key.ts'
import type { CreatedKey } from '../domain/api-keys-admin.ts'
import type { RoleView } from '../domain/role.ts'
import type { Website } from '../domain/website.ts'

/** The admin API's shapes: dates as ISO strings, never a key's hash. */
export const websiteJson = (website: Website) => ({
  id: website.id,
  name: website.name,
  createdAt: website.createdAt.toISOString(),
  ...(website.importedFrom && { importedFrom: website.importedFrom }),
})

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null)

/** Who a key is: its role (and the older scope for owner and viewer keys), types and expiry. */
const keyAccessJson = (key: ApiKey) => {
  const scope = scopeOfRole(key.role)
  return {
    role: key.role,
    ...(scope && { scope }),
    types: key.types,
    expiresAt: isoOrNull(key.expiresAt),
  }
}

export const apiKeyJson = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  ...keyAccessJson(key),
  prefix: key.prefix,
  rateLimit: key.rateLimit,
  createdAt: key.createdAt.toISOString(),
  revokedAt: isoOrNull(key.revokedAt),
  lastUsedAt: isoOrNull(key.lastUsedAt),
})

/** The one answer that carries the key itself; a rotation's names the key it replaces. */
export const createdApiKeyJson = ({ apiKey: key, key: secret, replaces }: CreatedKey) => ({
  id: key.id,
  name: key.name,
  ...keyAccessJson(key),
  prefix: key.prefix,
  key: secret,
  rateLimit: key.rateLimit,
  createdAt: key.createdAt.toISOString(),
  ...(replaces && {
    replaces: { id: replaces.id, expiresAt: replaces.expiresAt.toISOString() },
  }),
})

export const roleJson = (role: RoleView) => ({
  name: role.name,
  builtIn: role.builtIn,
  ...(role.description !== undefined && { description: role.description }),
  permissions: role.permissions,
  ...(role.createdAt && { createdAt: role.createdAt.toISOString() }),
  ...(role.updatedAt && { updatedAt: role.updatedAt.toISOString() }),
})

/** A purge's progress: state, and per step (service) what was removed from which collection. */
export const purgeJson = (purge: Purge) => ({
  websiteId: purge.websiteId,
  name: purge.name,
  reason: purge.reason,
  state: purge.state,
  requestedAt: purge.requestedAt.toISOString(),
  finishedAt: purge.finishedAt ? purge.finishedAt.toISOString() : null,
  removed: Object.values(purge.steps).reduce(
    (total, step) => total + Object.values(step.removed).reduce((sum, count) => sum + count, 0),
    0,
  ),
  // A purge recorded before a step was added has no progress of it.
  services: PURGE_STEPS.filter((service) => purge.steps[service]).map((service) => ({
    service,
    ...purge.steps[service],
  })),
})
