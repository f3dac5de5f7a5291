import { describe, expect, it } from 'vitest'
import { BUILT_IN_ROLES, isBuiltInRole } from '@cms/contract'
import type { ApiKeysRepository } from '../data/api-keys-repository.ts'
import type { ApiKey } from './api-key.ts'
import { newKeySecret } from './api-key-secret.ts'
import { createKeyAuthenticator } from './key-authenticator.ts'
import { DEFAULT_PLAN } from './rate-limit-plan.ts'

/** Only the lookup the authenticator makes, counted; the rest is not used here. */
function storeWith(keys: Map<string, ApiKey>) {
  const lookups: string[] = []
  const store = {
    findByHash: async (hash: string) => {
      lookups.push(hash)
      return keys.get(hash)
    },
  } as unknown as ApiKeysRepository
  return { store, lookups }
}

function liveKey(): { secret: ReturnType<typeof newKeySecret>; record: ApiKey } {
  const secret = newKeySecret()
  const record: ApiKey = {
    id: 'key-1',
    websiteId: 'site-1',
    name: 'k',
    role: 'viewer',
    types: null,
    expiresAt: null,
    prefix: secret.prefix,
    rateLimit: DEFAULT_PLAN,
    createdAt: new Date(),
    revokedAt: null,
    lastUsedAt: null,
  }
  return { secret, record }
}

const permissionsOf = async (_websiteId: string, role: string) =>
  isBuiltInRole(role) ? BUILT_IN_ROLES[role] : undefined

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('key authenticator', () => {
  it('when a key is used twice within the cache lifetime, then the store is asked once', async () => {
    const { secret, record } = liveKey()
    const { store, lookups } = storeWith(new Map([[secret.hash, record]]))
    const authenticator = createKeyAuthenticator({ apiKeys: store, permissionsOf, ttlMs: 1000 })
    const [first, second] = await Promise.all([
      authenticator.authenticate(secret.key),
      authenticator.authenticate(secret.key),
    ])
    expect(first).toEqual({
      keyId: 'key-1',
      name: 'k',
      hash: secret.hash,
      websiteId: 'site-1',
      permissions: BUILT_IN_ROLES.viewer,
      expiresAt: null,
      rateLimit: DEFAULT_PLAN,
    })
    expect(second).toEqual(first)
    await authenticator.authenticate(secret.key)
    expect(lookups).toEqual([secret.hash])
  })

  it('when a key is revoked in the store, then it is refused once the cached lookup expires', async () => {
    const { secret, record } = liveKey()
    const keys = new Map([[secret.hash, record]])
    const authenticator = createKeyAuthenticator({
      apiKeys: storeWith(keys).store,
      permissionsOf,
      ttlMs: 50,
    })
    expect(await authenticator.authenticate(secret.key)).toBeDefined()
    keys.set(secret.hash, { ...record, revokedAt: new Date() })
    expect(await authenticator.authenticate(secret.key)).toBeDefined()
    await sleep(80)
    expect(await authenticator.authenticate(secret.key)).toBeUndefined()
  })

  it('when this instance revokes a key, then forgetting it refuses it at once', async () => {
    const { secret, record } = liveKey()
    const keys = new Map([[secret.hash, record]])
    const authenticator = createKeyAuthenticator({
      apiKeys: storeWith(keys).store,
      permissionsOf,
      ttlMs: 60_000,
    })
    expect(await authenticator.authenticate(secret.key)).toBeDefined()
    keys.set(secret.hash, { ...record, revokedAt: new Date() })
    authenticator.forget([secret.hash])
    expect(await authenticator.authenticate(secret.key)).toBeUndefined()
  })

  it('when an unknown key repeats, then its miss is cached too; garbage is never looked up', async () => {
    const { store, lookups } = storeWith(new Map())
    const authenticator = createKeyAuthenticator({ apiKeys: store, permissionsOf, ttlMs: 1000 })
    const unknown = newKeySecret().key
    expect(await authenticator.authenticate(unknown)).toBeUndefined()
    expect(await authenticator.authenticate(unknown)).toBeUndefined()
    expect(await authenticator.authenticate('not a key')).toBeUndefined()
    expect(lookups).toHaveLength(1)
  })
})
