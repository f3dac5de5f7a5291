import { LRUCache } from 'lru-cache'
import type { PeopleRepository } from './people-repository.ts'
import type { Person } from './person.ts'
import { hashSecret, looksLikeSecret } from '../domain/secret.ts'
import type { PersonalToken, PersonalTokensRepository } from './personal-tokens-repository.ts'
import type { Session, Sessions } from './sessions.ts'

/** The marker of a personal access token, as `cms_` marks a key. */
export const PERSONAL_TOKEN_PREFIX = 'cmsu_'

/**
 * How long an instance trusts a session it read: a sign-out, or a person disabled, on another
 * instance is honoured here within this (on this instance at once).
 */
export const SESSION_CACHE_MS = 1000

/** A request made as a person: through a session (a cookie) or a personal token. */
export interface SignedIn {
  person: Person
  session?: { id: string; session: Session }
  token?: PersonalToken
}

export interface PersonAuthenticator {
  bySession(sessionId: string): Promise<SignedIn | undefined>
  byToken(token: string): Promise<SignedIn | undefined>
  /** The person as the cache has them (disabled ones included); undefined when gone. */
  person(id: string): Promise<Person | undefined>
  /** Drops this instance's cached person, their sessions and tokens now (it changed them). */
  forget(personId: string, tokenHashes?: readonly string[]): void
}

/**
 * A person and a token hash are cached per instance for `ttlMs`, as keys are, and a session for
 * SESSION_CACHE_MS, so a request through a session costs no storage command and at most one
 * Redis command a second; a person disabled elsewhere has their sessions ended in Redis at once,
 * refused here within SESSION_CACHE_MS through a session and `ttlMs` through a personal token.
 */
export function createPersonAuthenticator(deps: {
  people: PeopleRepository
  sessions: Sessions
  tokens: PersonalTokensRepository
  ttlMs: number
  now?: () => Date
}): PersonAuthenticator {
  const now = deps.now ?? (() => new Date())
  const ttl = Math.max(deps.ttlMs, 1)
  const people = new LRUCache<string, { person: Person | null }>({
    max: 50_000,
    ttl,
    fetchMethod: async (id) => ({ person: (await deps.people.find(id)) ?? null }),
  })
  const tokens = new LRUCache<string, { token: PersonalToken | null }>({
    max: 50_000,
    ttl,
    fetchMethod: async (hash) => ({ token: (await deps.tokens.findByHash(hash)) ?? null }),
  })
  // A session read in Redis (which restarts its idle time-out) serves this instance's next
  // requests for SESSION_CACHE_MS: a busy page costs no Redis command per request.
  const sessions = new LRUCache<string, { session: Session | null }>({
    max: 50_000,
    ttl: Math.max(Math.min(deps.ttlMs, SESSION_CACHE_MS), 1),
    fetchMethod: async (id) => ({ session: (await deps.sessions.resume(id)) ?? null }),
  })
  async function person(id: string): Promise<Person | undefined> {
    if (deps.ttlMs === 0) people.delete(id)
    return (await people.fetch(id))?.person ?? undefined
  }
  const active = (found: Person | undefined) => (found && !found.disabledAt ? found : undefined)
  return {
    person,
    async bySession(sessionId) {
      if (!looksLikeSecret(sessionId)) return undefined
      const session = (await sessions.fetch(sessionId))?.session
      if (!session || session.expiresAt <= now().getTime()) return undefined
      const found = active(await person(session.personId))
      return found && { person: found, session: { id: sessionId, session } }
    },
    async byToken(secret) {
      if (!looksLikeSecret(secret, PERSONAL_TOKEN_PREFIX)) return undefined
      const hash = hashSecret(secret)
      if (deps.ttlMs === 0) tokens.delete(hash)
      const token = (await tokens.fetch(hash))?.token
      if (!token || token.expiresAt <= now()) return undefined
      const found = active(await person(token.personId))
      return found && { person: found, token }
    },
    forget(personId, tokenHashes = []) {
      people.delete(personId)
      for (const hash of tokenHashes) tokens.delete(hash)
      for (const [id, entry] of sessions.entries())
        if (entry.session?.personId === personId) sessions.delete(id)
    },
  }
}
