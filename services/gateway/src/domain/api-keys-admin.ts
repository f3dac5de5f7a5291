import { NotFoundError } from '@cms/errors'
import type { ApiKeysRepository } from '../data/api-keys-repository.ts'
import type { ApiKey, ApiKeyInput } from './api-key.ts'
import { newKeySecret } from './api-key-secret.ts'
import type { WebsitesAdmin } from './websites-admin.ts'

export interface ApiKeysAdminDeps {
  apiKeys: ApiKeysRepository
  websites: WebsitesAdmin
  now: () => Date
  newId: () => string
  onKeysRevoked: (hashes: readonly string[]) => void
}

export interface ApiKeysAdmin {
  /** The only moment the plain key exists outside the client's hands. */
  create(websiteId: string, input: ApiKeyInput): Promise<{ apiKey: ApiKey; key: string }>
  list(websiteId: string): Promise<ApiKey[]>
  revoke(websiteId: string, keyId: string): Promise<void>
}

export function createApiKeysAdmin(deps: ApiKeysAdminDeps): ApiKeysAdmin {
  return {
    async create(websiteId, input) {
      await deps.websites.get(websiteId)
      const secret = newKeySecret()
      const apiKey: ApiKey = {
        id: deps.newId(),
        websiteId,
        name: input.name,
        scope: input.scope,
        prefix: secret.prefix,
        rateLimit: input.rateLimit,
        createdAt: deps.now(),
        revokedAt: null,
        lastUsedAt: null,
      }
      await deps.apiKeys.insert(apiKey, secret.hash)
      // Without transactions, a website deleted meanwhile could keep this key alive: look again.
      try {
        await deps.websites.get(websiteId)
      } catch (error) {
        await deps.apiKeys.revoke(websiteId, apiKey.id, deps.now())
        throw error
      }
      return { apiKey, key: secret.key }
    },
    async list(websiteId) {
      await deps.websites.get(websiteId)
      return deps.apiKeys.listByWebsite(websiteId)
    },
    async revoke(websiteId, keyId) {
      await deps.websites.get(websiteId)
      const revoked = await deps.apiKeys.revoke(websiteId, keyId, deps.now())
      if (!revoked) throw new NotFoundError('API key not found')
      deps.onKeysRevoked([revoked.hash])
    },
  }
}
