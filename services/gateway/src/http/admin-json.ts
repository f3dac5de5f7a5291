import type { ApiKey } from '../domain/api-key.ts'
import type { Website } from '../domain/website.ts'

/** The admin API's shapes: dates as ISO strings, never a key's hash. */
export const websiteJson = (website: Website) => ({
  id: website.id,
  name: website.name,
  createdAt: website.createdAt.toISOString(),
})

export const apiKeyJson = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  scope: key.scope,
  prefix: key.prefix,
  rateLimit: key.rateLimit,
  createdAt: key.createdAt.toISOString(),
  revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
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
