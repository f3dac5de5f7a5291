import type { RateLimiterRes } from 'rate-limiter-flexible'
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import { RateLimitedError } from '@cms/errors'

export interface SignInThrottle {
  /** 429 once the account or the address has failed too often in the window. */
  assertAllowed(account: string, address: string): Promise<void>
  recordFailure(account: string, address: string): Promise<void>
  /** A success forgets the account's failures (not the address's). */
  recordSuccess(account: string): Promise<void>
}

const WINDOW_SECONDS = 15 * 60

/**
 * Password guesses are counted per account and per address in Redis (shared by instances),
 * as the API's address guard counts failed keys; either over its limit refuses the sign-in
 * before the password is checked.
 */
export function createSignInThrottle(deps: {
  redis: Redis
  prefix: string
  failuresPerAccount: number
  failuresPerAddress: number
}): SignInThrottle {
  const limiter = (name: string, points: number) =>
    new RateLimiterRedis({
      storeClient: deps.redis,
      keyPrefix: `${deps.prefix}:sign-in-failures:${name}`,
      points,
      duration: WINDOW_SECONDS,
      insuranceLimiter: new RateLimiterMemory({ points, duration: WINDOW_SECONDS }),
    })
  const byAccount = limiter('account', deps.failuresPerAccount)
  const byAddress = limiter('address', deps.failuresPerAddress)
  const refuse = (state: RateLimiterRes | null, points: number) => {
    if (state && state.consumedPoints >= points)
      throw new RateLimitedError(
        Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
        'Too many failed sign-in attempts; wait, then try again',
      )
  }
  return {
    async assertAllowed(account, address) {
      refuse(await byAccount.get(account), deps.failuresPerAccount)
      refuse(await byAddress.get(address), deps.failuresPerAddress)
    },
    async recordFailure(account, address) {
      await Promise.all([
        byAccount.penalty(account).catch(() => undefined),
        byAddress.penalty(address).catch(() => undefined),
      ])
    },
    async recordSuccess(account) {
      await byAccount.delete(account).catch(() => undefined)
    },
  }
}
