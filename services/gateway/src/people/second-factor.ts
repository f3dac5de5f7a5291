import { Secret, TOTP } from 'otpauth'
import type { Redis } from 'ioredis'

/** RFC 6238 codes (SHA-1, six digits, 30 s), as every authenticator app makes them. */
const totpOf = (secret: string, label = 'cms') =>
  new TOTP({ issuer: 'CMS', label, secret: Secret.fromBase32(secret) })

export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32
  return { secret, uri: totpOf(secret, email).toString() }
}

export interface SecondFactor {
  /** Whether `code` is the secret's code now (a step either side allowed), and not used before. */
  accepts(personId: string, secret: string, code: string): Promise<boolean>
}

/** A code is taken once: a replay within its window is refused (Redis remembers it 90 s). */
export function createSecondFactor(deps: { redis: Redis; prefix: string }): SecondFactor {
  return {
    async accepts(personId, secret, code) {
      if (totpOf(secret).validate({ token: code, window: 1 }) === null) return false
      const first = await deps.redis.set(
        `${deps.prefix}:totp-used:${personId}:${code}`,
        '1',
        'EX',
        90,
        'NX',
      )
      return first === 'OK'
    },
  }
}
