import type { Redis } from 'ioredis'
import { hashSecret, looksLikeSecret, newSecret } from '../domain/secret.ts'

/** What a one-time link is for; each kind has its own keys. */
export type LinkKind = 'password-reset' | 'bootstrap'

export interface OneTimeLinks {
  /** A token for `subject`, valid once within `ttlSeconds`. */
  issue(kind: LinkKind, subject: string, ttlSeconds: number): Promise<string>
  /** The subject of a token, taken (a second use finds nothing). */
  take(kind: LinkKind, token: string): Promise<string | undefined>
  /** The subject without taking it (a form checks its link before it is filled in). */
  peek(kind: LinkKind, token: string): Promise<string | undefined>
}

/** Tokens live in Redis as their hash, with their lifetime as the key's TTL. */
export function createOneTimeLinks(deps: { redis: Redis; prefix: string }): OneTimeLinks {
  const keyOf = (kind: LinkKind, token: string) => `${deps.prefix}:${kind}:${hashSecret(token)}`
  return {
    async issue(kind, subject, ttlSeconds) {
      const { secret } = newSecret()
      await deps.redis.set(keyOf(kind, secret), subject, 'EX', ttlSeconds)
      return secret
    },
    async take(kind, token) {
      if (!looksLikeSecret(token)) return undefined
      return (await deps.redis.getdel(keyOf(kind, token))) ?? undefined
    },
    async peek(kind, token) {
      if (!looksLikeSecret(token)) return undefined
      return (await deps.redis.get(keyOf(kind, token))) ?? undefined
    },
  }
}
