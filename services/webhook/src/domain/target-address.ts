import { isIP } from 'node:net'
import { LRUCache } from 'lru-cache'
import type { ResolveAll } from './target-guard.ts'

/**
 * The address deliveries to a host name are limited by: the literal itself, else its first DNS
 * answer (cached for `ttlMs`), else the name (the attempt then fails on its own).
 */
export function createTargetAddress(deps: {
  resolve: ResolveAll
  ttlMs: number
  max?: number
}): (hostname: string) => Promise<string> {
  const cache = new LRUCache<string, string>({
    max: deps.max ?? 10_000,
    ttl: Math.max(1, deps.ttlMs),
    fetchMethod: async (hostname) => {
      const found = await deps.resolve(hostname).catch(() => [])
      return found[0]?.address ?? hostname
    },
  })
  return async (hostname) =>
    isIP(hostname) !== 0 ? hostname : ((await cache.fetch(hostname)) ?? hostname)
}
