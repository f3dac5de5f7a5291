import { Buffer } from 'node:buffer'
import type { AmqpClient } from '@cms/amqp'
import { CONTENT_TYPE_CHANGED, EVENTS_EXCHANGE } from '@cms/events'
import type { ContentTypeChangedMessage } from '@cms/events'
import type { Logger } from '@cms/logger'
import type { ContentTypeEvents } from '../domain/content-type-events.ts'

/**
 * Publishes ContentTypeChangedMessage with a broker confirm, waiting at most `timeoutMs`. A broker
 * that is down or slow does not fail the change: caches elsewhere also expire on their own.
 */
export function createContentTypePublisher(deps: {
  amqp: AmqpClient
  logger: Logger
  clock: () => Date
  timeoutMs?: number
}): ContentTypeEvents {
  const timeoutMs = deps.timeoutMs ?? 2000
  async function announce(message: ContentTypeChangedMessage): Promise<void> {
    const { websiteId, name, version } = message
    const body = Buffer.from(JSON.stringify(message))
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no broker confirm within ${timeoutMs} ms`)),
        timeoutMs,
      )
    })
    try {
      await Promise.race([
        deps.amqp.publish(EVENTS_EXCHANGE, CONTENT_TYPE_CHANGED, body, {
          contentType: 'application/json',
        }),
        timeout,
      ])
    } catch (error) {
      deps.logger.warn(
        { err: (error as Error).message, websiteId, name, version },
        'content type change not announced',
      )
    } finally {
      clearTimeout(timer)
    }
  }
  return {
    changed: (websiteId, name, version) =>
      announce({ websiteId, name, version, timestamp: deps.clock().toISOString() }),
    componentChanged: (websiteId, name, version) =>
      announce({
        websiteId,
        name,
        version,
        component: true,
        timestamp: deps.clock().toISOString(),
      }),
    localesChanged: (websiteId) =>
      announce({
        websiteId,
        name: '',
        version: null,
        locales: true,
        timestamp: deps.clock().toISOString(),
      }),
  }
}
