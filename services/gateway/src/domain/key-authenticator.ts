import { LRUCache } from 'lru-cache'
import { restrictToTypes } from '@cms/contract'
import type { Permissions } from '@cms/contract'
import type { ApiKeysRepository } from '../data/api-keys-repository.ts'
import type { ApiKey } from './api-key.ts'
import { looksLikeApiKey } from './api-key-secret.ts'
import { hashSecret } from './secret.ts'
import type { RateLimitPlan } from './rate-limit-plan.ts'

/** What a request learns about the key it carries. */
export interface AuthenticatedKey {
  keyId: string
  /** What the audit log calls it. */
  name?: string
  /** The stored key's id (its SHA-256), what a write about the key addresses. */
  hash: string
  websiteId: string
  /** What its role grants, within its content types (docs/api.md, "Permissions"). */
  permissions: Permissions
  /** When it stops working; null: never. */
  expiresAt: Date | null
  rateLimit: RateLimitPlan
  /** A person acting on the website (people/person-access.ts): no key's usage to record. */
  person?: true
  /** A preview token stands for the key (domain/preview-tokens.ts). */
  preview?: {
    /** The one document it may read, when it names one. */
    documentId?: string
  }
}

export interface KeyAuthenticator {
  /** The key, or undefined for an unknown or revoked one; an expired one says when it expired. */
  authenticate(key: string): Promise<AuthenticatedKey | undefined>
  /** The key of a stored hash (a preview token's issuer), as `authenticate` gives it. */
  authenticateHash(hash: string): Promise<AuthenticatedKey | undefined>
  /** Drops cached lookups now (this instance revoked them). */
  forget(hashes: readonly string[]): void
  /** Drops the cached keys of a website now (this instance changed one of its roles). */
  forgetWebsite(websiteId: string): void
}

/** Presented keys whose hash is remembered (~150 bytes each). */
const PRESENTED_KEYS_KEPT = 10_000

/**
 * Lookups are cached per instance for `ttlMs`, unknown keys included, with the permissions of
 * the key's role, so a request costs no database round trip; a revocation or a role changed
 * elsewhere is honoured here once the entry expires.
 */
export function createKeyAuthenticator(deps: {
  apiKeys: ApiKeysRepository
  /** A role's permissions (built in or the website's own); undefined for a role that is gone. */
  permissionsOf: (websiteId: string, role: string) => Promise<Permissions | undefined>
  ttlMs: number
  maxEntries?: number
}): KeyAuthenticator {
  async function permissionsOfKey(key: ApiKey): Promise<Permissions> {
    const granted = (await deps.permissionsOf(key.websiteId, key.role)) ?? {}
    return key.types ? restrictToTypes(granted, key.types) : granted
  }
  const cache = new LRUCache<string, { key: AuthenticatedKey | null }>({
    max: deps.maxEntries ?? 50_000,
    ttl: Math.max(deps.ttlMs, 1),
    fetchMethod: async (hash) => {
      const found = await deps.apiKeys.findByHash(hash)
      if (!found || found.revokedAt !== null) return { key: null }
      return {
        key: {
          keyId: found.id,
          name: found.name,
          hash,
          websiteId: found.websiteId,
          permissions: await permissionsOfKey(found),
          expiresAt: found.expiresAt,
          rateLimit: found.rateLimit,
        },
      }
    },
  })
  // A busy key is presented thousands of times a second: its SHA-256 is worked out once.
  const hashes = new LRUCache<string, string>({ max: PRESENTED_KEYS_KEPT })
  const hashOf = (key: string): string => {
    let hash = hashes.get(key)
    if (hash === undefined) hashes.set(key, (hash = hashSecret(key)))
    return hash
  }
  return {
    async authenticate(key) {
      if (!looksLikeApiKey(key)) return undefined
      return this.authenticateHash(hashOf(key))
    },
    async authenticateHash(hash) {
      if (deps.ttlMs === 0) cache.delete(hash)
      // A fresh entry without `fetch`'s promise machinery; a miss or an expired one is fetched.
      const entry = cache.get(hash) ?? (await cache.fetch(hash))
      return entry?.key ?? undefined
    },
    forget(hashes) {
      for (const hash of hashes) cache.delete(hash)
    },
    forgetWebsite(websiteId) {
      for (const [hash, entry] of cache.entries())
        if (entry.key?.websiteId === websiteId) cache.delete(hash)
    },
  }
}
