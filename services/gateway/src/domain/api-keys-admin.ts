import { restrictToTypes } from '@cms/contract'
import { ConflictError, NotFoundError, ValidationError } from '@cms/errors'
import type { ApiKeysRepository } from '../data/api-keys-repository.ts'
import { isLive } from './api-key.ts'
import type { ApiKey, ApiKeyInput } from './api-key.ts'
import { newKeySecret } from './api-key-secret.ts'
import type { Grantor, RolesAdmin } from './roles-admin.ts'
import { requireWithin } from './roles-admin.ts'
import type { WebsitesAdmin } from './websites-admin.ts'

export interface ApiKeysAdminDeps {
  apiKeys: ApiKeysRepository
  roles: Pick<RolesAdmin, 'permissionsOf'>
  websites: WebsitesAdmin
  now: () => Date
  newId: () => string
  onKeysRevoked: (hashes: readonly string[]) => void
  /** A key was revoked or rotated out: shared caches drop what they keep for it. */
  onKeyRetired?: (websiteId: string, keyId: string) => void
}

/** How long a rotated key's old secret keeps working unless the rotation says (docs/api.md). */
export const DEFAULT_ROTATION_GRACE_SECONDS = 3600

export interface CreatedKey {
  apiKey: ApiKey
  key: string
  /** A rotation: the key this one replaces, and when that one stops working. */
  replaces?: { id: string; expiresAt: Date }
}

export interface ApiKeysAdmin {
  /** The only moment the plain key exists outside the client's hands. */
  create(websiteId: string, input: ApiKeyInput, grantor: Grantor): Promise<CreatedKey>
  list(websiteId: string): Promise<ApiKey[]>
  /** Revokes a key granting no more than `grantor` holds. */
  revoke(websiteId: string, keyId: string, grantor: Grantor): Promise<void>
  /** A new key like `keyId`; the old one works for `graceSeconds` (default an hour). */
  rotate(
    websiteId: string,
    keyId: string,
    graceSeconds: number | undefined,
    grantor: Grantor,
  ): Promise<CreatedKey>
}

export function createApiKeysAdmin(deps: ApiKeysAdminDeps): ApiKeysAdmin {
  /** What a key may do: its role's permissions within its types; undefined when the role is gone. */
  async function permissionsOfKey(websiteId: string, key: Pick<ApiKey, 'role' | 'types'>) {
    const permissions = await deps.roles.permissionsOf(websiteId, key.role)
    if (!permissions) return undefined
    return key.types ? restrictToTypes(permissions, key.types) : permissions
  }

  /** The key's role must exist, and the key may not do more than its grantor. */
  async function checkGrant(
    websiteId: string,
    key: Pick<ApiKey, 'role' | 'types'>,
    grantor: Grantor,
  ) {
    const permissions = await permissionsOfKey(websiteId, key)
    if (!permissions)
      throw ValidationError.single('role', `The website has no role named ${key.role}`)
    requireWithin(permissions, grantor, 'This key')
  }

  async function insert(websiteId: string, input: ApiKeyInput): Promise<CreatedKey> {
    const secret = newKeySecret()
    const apiKey: ApiKey = {
      id: deps.newId(),
      websiteId,
      ...input,
      prefix: secret.prefix,
      createdAt: deps.now(),
      revokedAt: null,
      lastUsedAt: null,
    }
    await deps.apiKeys.insert(apiKey, secret.hash)
    // Without transactions, a website deleted meanwhile could keep this key alive: look again.
    try {
      await deps.websites.get(websiteId)
    } catch (error) {
      await deps.apiKeys.revoke(secret.hash, deps.now())
      throw error
    }
    return { apiKey, key: secret.key }
  }

  return {
    async create(websiteId, input, grantor) {
      await deps.websites.get(websiteId)
      await checkGrant(websiteId, input, grantor)
      return insert(websiteId, input)
    },
    async list(websiteId) {
      await deps.websites.get(websiteId)
      return deps.apiKeys.listByWebsite(websiteId)
    },
    async revoke(websiteId, keyId, grantor) {
      await deps.websites.get(websiteId)
      const found = await deps.apiKeys.findById(websiteId, keyId)
      if (!found) throw new NotFoundError('API key not found')
      const permissions = await permissionsOfKey(websiteId, found.key)
      if (permissions) requireWithin(permissions, grantor, 'Revoking this key')
      if (found.key.revokedAt === null) await deps.apiKeys.revoke(found.hash, deps.now())
      deps.onKeysRevoked([found.hash])
      deps.onKeyRetired?.(websiteId, keyId)
    },
    async rotate(websiteId, keyId, graceSeconds = DEFAULT_ROTATION_GRACE_SECONDS, grantor) {
      await deps.websites.get(websiteId)
      const old = await deps.apiKeys.findById(websiteId, keyId)
      if (!old) throw new NotFoundError('API key not found')
      const now = deps.now()
      if (!isLive(old.key, now))
        throw new ConflictError('A revoked or expired key cannot be rotated')
      const { name, role, types, expiresAt, rateLimit } = old.key
      await checkGrant(websiteId, old.key, grantor)
      const created = await insert(websiteId, { name, role, types, expiresAt, rateLimit })
      const graceEnd = new Date(now.getTime() + graceSeconds * 1000)
      const oldEnd = expiresAt && expiresAt < graceEnd ? expiresAt : graceEnd
      await deps.apiKeys.expire(old.hash, oldEnd)
      deps.onKeysRevoked([old.hash])
      // Answers kept before the rotation may outlive the grace; those after it end with it.
      deps.onKeyRetired?.(websiteId, keyId)
      return { ...created, replaces: { id: old.key.id, expiresAt: oldEnd } }
    },
  }
}
