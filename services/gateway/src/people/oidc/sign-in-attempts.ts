import type { Redis } from 'ioredis'

/** What the callback needs of the sign-in it finishes, kept under the `state` sent along. */
export interface SignInAttempt {
  provider: string
  codeVerifier: string
  nonce: string
  redirectUri: string
  /** The panel's hash route to land on. */
  returnTo: string
}

export interface SignInAttempts {
  keep(state: string, attempt: SignInAttempt): Promise<void>
  /** The attempt of a state, once: a replayed or expired state finds nothing. */
  take(state: string): Promise<SignInAttempt | undefined>
}

export const ATTEMPT_SECONDS = 10 * 60

// openid-client's randomState: 32 random bytes, base64url.
const STATE = /^[A-Za-z0-9_-]{20,100}$/

/** Sign-ins under way, in Redis, so that any gateway instance can finish one. */
export function createSignInAttempts(deps: { redis: Redis; prefix: string }): SignInAttempts {
  const key = (state: string) => `${deps.prefix}:oidc:${state}`
  return {
    async keep(state, attempt) {
      await deps.redis.set(key(state), JSON.stringify(attempt), 'EX', ATTEMPT_SECONDS)
    },
    async take(state) {
      if (!STATE.test(state)) return undefined
      const stored = await deps.redis.getdel(key(state))
      return stored === null ? undefined : (JSON.parse(stored) as SignInAttempt)
    },
  }
}
