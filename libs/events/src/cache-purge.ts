import { Buffer } from 'node:buffer'
import { CACHE_PURGE, EVENTS_EXCHANGE } from './routing-keys.ts'

/** What announcing a purge needs of a broker client (`@cms/amqp`'s AmqpClient). */
export interface PurgePublisher {
  publish(
    exchange: string,
    routingKey: string,
    body: Buffer,
    options?: { persistent?: boolean; contentType?: string },
  ): Promise<void>
}

/**
 * Tells the CDN purge queue (docs/cdn.md, "Purges") that answers carrying `tags` are stale:
 * persistent and confirmed, tried `attempts` times (a reconnect to another node takes a second
 * or two); rejects with the last error when no try was confirmed. Not `mandatory`: an
 * installation without purgers binds no queue to it, and then there is nothing to purge.
 */
export async function announceCachePurge(
  publisher: PurgePublisher,
  message: { websiteId: string; tags: string[]; now: Date },
  retry: { attempts: number; pauseMs: number } = { attempts: 5, pauseMs: 500 },
): Promise<void> {
  const body = Buffer.from(
    JSON.stringify({
      websiteId: message.websiteId,
      tags: message.tags,
      timestamp: message.now.toISOString(),
    }),
  )
  let lastError: unknown
  for (let attempt = 1; attempt <= retry.attempts; attempt++) {
    try {
      await publisher.publish(EVENTS_EXCHANGE, CACHE_PURGE, body, {
        persistent: true,
        contentType: 'application/json',
      })
      return
    } catch (error) {
      lastError = error
      if (attempt < retry.attempts) await new Promise((r) => setTimeout(r, retry.pauseMs))
    }
  }
  throw lastError
}
