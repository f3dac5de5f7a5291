import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { redisConnectionOptions } from './redis-sentinels.ts'
import type { SentinelSettings } from './redis-sentinels.ts'

export interface RedisClient {
  redis: Redis
  /**
   * Resolves when Redis takes a write: a short-lived key is set. A PING would pass on a replica
   * or a demoted former primary, which refuse writes (READONLY) while the client says `ready`.
   */
  ping(): Promise<void>
  /** Waits up to `timeoutMs` for the first write to succeed; the gateway serves either way. */
  whenReady(timeoutMs: number): Promise<boolean>
  close(): Promise<void>
}

/**
 * A client that fails fast instead of queueing: with Redis away, a command is rejected at once
 * (no offline queue) or after `commandTimeoutMs`, and the rate limiters fall back to memory.
 * With `sentinel`, the primary is whatever the Sentinels name (docs/deployment.md).
 */
export function connectRedis(options: {
  url: string
  logger: Logger
  sentinel?: SentinelSettings
  /** Prefix of the probe key `ping` writes. */
  prefix?: string
  commandTimeoutMs?: number
  sleep?: (ms: number) => Promise<void>
}): RedisClient {
  const { url, options: connection } = redisConnectionOptions(options.url, options.sentinel)
  const common = {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
    // A write refused by a replica (the former primary after a failover) means this is not the
    // primary any more: reconnect and ask again, rather than failing every write while `ready`.
    reconnectOnError: (error: Error) => error.message.startsWith('READONLY'),
    ...connection,
  }
  const redis = url === undefined ? new Redis(common) : new Redis(url, common)
  const probeKey = `${options.prefix ?? 'cms:gateway'}:probe`
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let lastErrorLog = 0
  redis.on('error', (error: Error) => {
    if (Date.now() - lastErrorLog < 10_000) return
    lastErrorLog = Date.now()
    options.logger.warn(
      { err: error.message },
      'redis unavailable; rate limits use per-instance memory',
    )
  })
  redis.on('ready', () => options.logger.info('redis connected'))
  const ping = async () => {
    await redis.set(probeKey, String(Date.now()), 'PX', 10_000)
  }
  return {
    redis,
    ping,
    async whenReady(timeoutMs) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        try {
          await ping()
          return true
        } catch {
          if (Date.now() + 100 > deadline) return false
          await sleep(100)
        }
      }
    },
    async close() {
      redis.disconnect()
    },
  }
}
