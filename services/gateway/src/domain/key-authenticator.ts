import { LRUCache } from 'lru-cache'
import type { KeyScope } from '@cms/http'
import type { ApiKeysRepository } from '../data/api-keys-repository.ts'
import { hashApiKey, looksLikeApiKey } from './api-key-secret.ts'
import type { RateLimitPlan } from './rate-limit-plan.ts'

/** What a request learns about the key it carries. */
export interface AuthenticatedKey {
  keyId: string
  /** The stored key's id (its SHA-256), what a write about the key addresses. */
  hash: string
  websiteId: string
  scope: KeyScope
  rateLimit: RateLimitPlan
}

export interface KeyAuthenticator {
  /** The live key, or undefined for an unknown or revoked one. */
  authenticate(key: string): Promise<AuthenticatedKey | undefined>
  /** Drops cached lookups now (this instance revoked them). */
  forget(hashes: readonly string[]): void
}

/**
 * Lookups are cached per instance for `ttlMs`, unknown keys included, so a request costs no
 * database round trip; a revocation made elsewhere is honoured here once the entry expires.
 */
export function createKeyAuthenticator(deps: {
  apiKeys: ApiKeysRepository
  ttlMs: number
  maxEntries?: number
}): KeyAuthenticator {
  const cache = new LRUCache<string, { key: AuthenticatedKey | null }>({
    max: deps.maxEntries ?? 50_000,
    ttl: Math.max(deps.ttlMs, 1),
    fetchMethod: async (hash) => {
      const found = await deps.apiKeys.findByHash(hash)
      if (!found || found.revokedAt !== null) return { key: null }
      return {
        key: {
          keyId: found.id,
          hash,
          websiteId: found.websiteId,
          scope: found.scope,
          rateLimit: found.rateLimit,
        },
      }
    },
  })
  return {
    async authenticate(key) {
      if (!looksLikeApiKey(key)) return undefined
      const hash = hashApiKey(key)
      if (deps.ttlMs === 0) cache.delete(hash)
      const entry = await cache.fetch(hash)
      return entry?.key ?? undefined
    },
    forget(hashes) {
      for (const hash of hashes) cache.delete(hash)
    },
  }
}
