import type { RedisOptions } from 'ioredis'
import type { EnvParser } from '@cms/config'

export interface SentinelAddress {
  host: string
  port: number
}

export interface SentinelSettings {
  sentinels: readonly SentinelAddress[]
  /** The master group name the Sentinels watch (`sentinel monitor <name> ...`). */
  name: string
  /** The Sentinels' own password (`requirepass` in sentinel.conf), if they have one. */
  password?: string
}

/** `host:port,host:port` (IPv6 in brackets: `[::1]:26379`); the port defaults to 26379. */
export function parseSentinelAddresses(raw: string): SentinelAddress[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]+))(?::(\d{1,5}))?$/.exec(part)
      const port = Number(match?.[3] ?? 26379)
      if (!match || port < 1 || port > 65535)
        throw new TypeError(`"${part}" is not a host:port address`)
      return { host: (match[1] ?? match[2])!, port }
    })
}

/** REDIS_SENTINELS: unset for a single Redis (REDIS_URL), else the Sentinels to ask. */
export function sentinelAddresses(): EnvParser<readonly SentinelAddress[] | undefined> {
  return (raw, name) => {
    if (raw === undefined || raw.trim() === '') return undefined
    try {
      const addresses = parseSentinelAddresses(raw)
      if (addresses.length === 0) throw new TypeError('no address given')
      return addresses
    } catch (error) {
      throw new TypeError(
        `${name} must be a comma-separated list of Sentinel host:port addresses (${(error as Error).message})`,
        { cause: error },
      )
    }
  }
}

/**
 * ioredis options for a Redis URL, or, with Sentinels, for the primary they name: the URL then
 * gives only the user, password, database and TLS (`rediss`: TLS to the primary and to the
 * Sentinels), and its host is not used. The client asks the Sentinels for the primary on every
 * (re)connect, checks that the server it reaches is one, and reconnects when a write is refused
 * with READONLY (it reached a former primary, now a replica).
 */
export function redisConnectionOptions(
  url: string,
  sentinel: SentinelSettings | undefined,
): { url?: string; options: RedisOptions } {
  if (!sentinel) return { url, options: {} }
  const parsed = new URL(url)
  const tls = parsed.protocol === 'rediss:'
  const db = Number(parsed.pathname.replace(/^\//, '') || 0)
  return {
    options: {
      sentinels: sentinel.sentinels.map(({ host, port }) => ({ host, port })),
      name: sentinel.name,
      role: 'master',
      username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
      password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
      sentinelPassword: sentinel.password,
      db: Number.isInteger(db) ? db : 0,
      ...(tls ? { tls: {}, enableTLSForSentinelMode: true, sentinelTLS: {} } : {}),
      // No `failoverDetector`: with it the client sometimes ended for good after a failover in
      // the cluster test ("Connection is closed." on every command); reconnecting after the
      // lost connection asks the Sentinels again and found the new primary within 2-4 s.
      sentinelRetryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
      reconnectOnError: (error: Error) => error.message.startsWith('READONLY'),
    },
  }
}
