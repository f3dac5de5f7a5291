import type { ApiKey } from '../api/admin-resources.ts'
import { formatDateTime } from '../ui/format.ts'

/** Whether requests with the key are still served at `now`. */
export const isLive = (key: ApiKey, now: Date): boolean =>
  key.revokedAt === null && (key.expiresAt === null || new Date(key.expiresAt) > now)

/** `Active`, `Expires <time>`, `Expired <time>` or `Revoked <time>`. */
export function keyStatus(key: ApiKey, now: Date): string {
  if (key.revokedAt) return `Revoked ${formatDateTime(key.revokedAt)}`
  if (!key.expiresAt) return 'Active'
  const when = formatDateTime(key.expiresAt)
  return new Date(key.expiresAt) > now ? `Expires ${when}` : `Expired ${when}`
}

/** The role, and the types a restricted key is limited to: `partner · only event`. */
export const keyAccess = (key: Pick<ApiKey, 'role' | 'types'>): string =>
  key.types ? `${key.role} · only ${key.types.join(', ')}` : key.role
