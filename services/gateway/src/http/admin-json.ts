import { PURGE_STEPS } from '../lifecycle/purge.ts'
import type { Purge } from '../lifecycle/purge.ts'
import type { ApiKey } from '../domain/api-key.ts'
import type { Website } from '../domain/website.ts'

/** The admin API's shapes: dates as ISO strings, never a key's hash. */
export const websiteJson = (website: Website) => ({
  id: website.id,
  name: website.name,
  createdAt: website.createdAt.toISOString(),
  ...(website.importedFrom && { importedFrom: website.importedFrom }),
})

export const apiKeyJson = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  scope: key.scope,
  prefix: key.prefix,
  rateLimit: key.rateLimit,
  createdAt: key.createdAt.toISOString(),
  revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
  lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
})

/** The one answer that carries the key itself. */
export const createdApiKeyJson = (key: ApiKey, secret: string) => ({
  id: key.id,
  name: key.name,
  scope: key.scope,
  prefix: key.prefix,
  key: secret,
  rateLimit: key.rateLimit,
  createdAt: key.createdAt.toISOString(),
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
  services: PURGE_STEPS.map((service) => ({ service, ...purge.steps[service] })),
})
