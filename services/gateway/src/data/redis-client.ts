import { Redis } from 'ioredis'
import type { Logger } from 'pino'

export interface RedisClient {
  redis: Redis
  ping(): Promise<void>
  /** Waits up to `timeoutMs` for the first connection; the gateway serves either way. */
  whenReady(timeoutMs: number): Promise<boolean>
  close(): Promise<void>
}

/**
 * A client that fails fast instead of queueing: with Redis away, a command is rejected at once
 * (no offline queue) or after `commandTimeoutMs`, and the rate limiters fall back to memory.
 */
export function connectRedis(options: {
  url: string
  logger: Logger
  commandTimeoutMs?: number
}): RedisClient {
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  })
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
  return {
    redis,
    async ping() {
      await redis.ping()
    },
    whenReady(timeoutMs) {
      if (redis.status === 'ready') return Promise.resolve(true)
      return new Promise((resolve) => {
        const done = (ready: boolean) => {
          clearTimeout(timer)
          redis.off('ready', onReady)
          resolve(ready)
        }
        const onReady = () => done(true)
        const timer = setTimeout(() => done(false), timeoutMs)
        redis.once('ready', onReady)
      })
    },
    async close() {
      redis.disconnect()
    },
  }
}
