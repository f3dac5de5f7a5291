import { randomBytes } from 'node:crypto'
import { newSecret } from './secret.ts'

const KEY_PREFIX = 'cms_'
/** `cms_` plus 8 characters: enough for an operator to match a key in hand, 48 of 256 bits. */
const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 8

export interface NewKeySecret {
  key: string
  hash: string
  prefix: string
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH)
}

/** A fresh key: 32 random bytes, base64url, after a recognisable `cms_` marker. */
export function newKeySecret(random: (size: number) => Buffer = randomBytes): NewKeySecret {
  const { secret: key, hash } = newSecret(KEY_PREFIX, random)
  return { key, hash, prefix: displayPrefix(key) }
}

/** Cheap shape check, so obvious garbage never costs a cache slot or a database lookup. */
export function looksLikeApiKey(value: string): boolean {
  return value.length >= 20 && value.length <= 200 && /^[A-Za-z0-9_-]+$/.test(value)
}
