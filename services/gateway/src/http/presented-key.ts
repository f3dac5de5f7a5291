/** The header a key has always travelled in. */
export const API_KEY_HEADER = 'x-api-key'

/** What Strapi's clients send; the admin API reads the same scheme for the platform token. */
const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i

export type PresentedKey =
  | { kind: 'key'; key: string }
  /** Neither header holds a key (an Authorization of another scheme does not). */
  | { kind: 'missing' }
  /** `x-api-key` and `Authorization: Bearer` name different keys. */
  | { kind: 'conflict' }

/**
 * The API key a request presents: `x-api-key: <key>` or `Authorization: Bearer <key>`, both
 * meaning the same. Sent in both, they must agree: which one a client meant cannot be told, so
 * neither is tried. Next to `x-api-key`, an `Authorization` of another scheme (Basic for a proxy
 * in front, say) is not ours and is left alone.
 */
export function presentedKey(headers: { apiKey: string; authorization: string }): PresentedKey {
  const bearer = BEARER.exec(headers.authorization)?.[1]
  const apiKey = headers.apiKey === '' ? undefined : headers.apiKey
  if (apiKey !== undefined && bearer !== undefined && apiKey !== bearer) return { kind: 'conflict' }
  const key = apiKey ?? bearer
  return key === undefined ? { kind: 'missing' } : { kind: 'key', key }
}
