import type { Redis } from 'ioredis'
import { hashSecret, newSecret } from '../domain/secret.ts'

/** A signed-in person's session, as kept in Redis under the hash of its id. */
export interface Session {
  personId: string
  /** Every state-changing request of the session carries it (`x-csrf-token`). */
  csrfToken: string
  createdAt: number
  /** The absolute time-out (ms since the epoch); the idle one is the Redis key's TTL. */
  expiresAt: number
  /** How the person signed in: `password`, `invitation`, `bootstrap`, or a provider's id. */
  via: string
}

export interface Sessions {
  /** A new session; its id goes into the cookie and nowhere else. */
  create(personId: string, via: string): Promise<{ id: string; session: Session }>
  /** The live session of a cookie's id, its idle time-out restarted; one Redis command. */
  resume(id: string): Promise<Session | undefined>
  end(id: string): Promise<void>
  /** Ends every session of a person, on every gateway instance at once (they share Redis). */
  endAllOf(personId: string): Promise<void>
}

export interface SessionTimeouts {
  idleSeconds: number
  absoluteSeconds: number
}

/**
 * Sessions live in Redis only: a check is one GETEX (read and restart the idle time-out), with
 * no storage command. Each person's set of session hashes lets one call end them all.
 */
export function createSessions(deps: {
  redis: Redis
  prefix: string
  timeouts: SessionTimeouts
  now?: () => number
}): Sessions {
  const now = deps.now ?? Date.now
  const sessionKey = (hash: string) => `${deps.prefix}:session:${hash}`
  const personKey = (personId: string) => `${deps.prefix}:person-sessions:${personId}`
  const { idleSeconds, absoluteSeconds } = deps.timeouts
  return {
    async create(personId, via) {
      const { secret: id, hash } = newSecret()
      const createdAt = now()
      const session: Session = {
        personId,
        csrfToken: newSecret().secret,
        createdAt,
        expiresAt: createdAt + absoluteSeconds * 1000,
        via,
      }
      await deps.redis
        .multi()
        .set(
          sessionKey(hash),
          JSON.stringify(session),
          'EX',
          Math.min(idleSeconds, absoluteSeconds),
        )
        .sadd(personKey(personId), hash)
        .expire(personKey(personId), absoluteSeconds)
        .exec()
      return { id, session }
    },
    async resume(id) {
      const hash = hashSecret(id)
      const stored = await deps.redis.getex(sessionKey(hash), 'EX', idleSeconds)
      if (stored === null) return undefined
      const session = JSON.parse(stored) as Session
      if (session.expiresAt > now()) return session
      await deps.redis.del(sessionKey(hash))
      return undefined
    },
    async end(id) {
      const hash = hashSecret(id)
      const stored = await deps.redis.getdel(sessionKey(hash))
      if (stored) await deps.redis.srem(personKey((JSON.parse(stored) as Session).personId), hash)
    },
    async endAllOf(personId) {
      const hashes = await deps.redis.smembers(personKey(personId))
      await deps.redis.del(...hashes.map(sessionKey), personKey(personId))
    },
  }
}
