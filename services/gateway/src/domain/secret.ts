import { createHash, randomBytes } from 'node:crypto'

/**
 * A secret handed out once (a key, a personal token, a session id, a link's token) and the hash
 * that is all the store keeps of it.
 */
export interface OneTimeSecret {
  secret: string
  hash: string
}

export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex')

/** 32 random bytes, base64url, after `prefix` (`cms_` marks a key, `cmsu_` a personal token). */
export function newSecret(
  prefix = '',
  random: (size: number) => Buffer = randomBytes,
): OneTimeSecret {
  const secret = `${prefix}${random(32).toString('base64url')}`
  return { secret, hash: hashSecret(secret) }
}

/** Cheap shape check, so garbage never costs a lookup. */
export const looksLikeSecret = (value: string, prefix = ''): boolean =>
  value.startsWith(prefix) &&
  value.length >= prefix.length + 40 &&
  value.length <= 200 &&
  /^[A-Za-z0-9_-]+$/.test(value)
