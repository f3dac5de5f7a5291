import { connectAmqp, listenOnPrivateQueue } from '@cms/amqp'
import type { AmqpClient } from '@cms/amqp'
import { tagsOfEntryEvent, tagsOfTypeChange } from '@cms/contract'
import { CACHE_PURGE, CONTENT_TYPE_CHANGED, ENTRY_EVENTS, EVENTS_EXCHANGE } from '@cms/events'
import type { CachePurgeMessage, ContentTypeChangedMessage, EntryEventMessage } from '@cms/events'
import type { Logger } from 'pino'
import type { CacheTrust } from './cache-trust.ts'

type Heard = Partial<EntryEventMessage> &
  Partial<ContentTypeChangedMessage> &
  Partial<CachePurgeMessage>

/** The website and tags a broker message names; none for what leaves published reads alone. */
export function changeOfMessage(text: string): { websiteId: string; tags: string[] } | undefined {
  const message = JSON.parse(text) as Heard
  const { websiteId } = message
  if (typeof websiteId !== 'string') return undefined
  if (typeof message.event === 'string') {
    // A pending draft saved or discarded: the published document is as it was.
    if (message.draft === true) return undefined
    if (typeof message.contentType !== 'string' || typeof message.document?.id !== 'string')
      return undefined
    return { websiteId, tags: tagsOfEntryEvent(message as EntryEventMessage) }
  }
  if (Array.isArray(message.tags)) {
    const tags = message.tags.filter((tag): tag is string => typeof tag === 'string')
    return tags.length > 0 ? { websiteId, tags } : undefined
  }
  if (typeof message.name !== 'string') return undefined
  return { websiteId, tags: tagsOfTypeChange(message as ContentTypeChangedMessage) }
}

/**
 * Every website's entry events, type changes and cache purges (a media file, a website), on a queue of this instance's own, so changes
 * no gateway wrote (scheduled publishes, imports, writes through other instances) drop the
 * entries they name. The broker counts as a source of changes for the cache's trust: heard
 * from the moment the queue listens, lost when the connection is.
 */
export function listenForCacheChanges(options: {
  url: string
  logger: Logger
  trust: CacheTrust
  drop: (websiteId: string, tags: readonly string[]) => void
  checkEveryMs?: number
}): { close(): Promise<void> } {
  let client: AmqpClient | undefined
  let listening = false
  const connecting = connectAmqp({
    url: options.url,
    logger: options.logger,
    async topology(channel) {
      await channel.assertExchange(EVENTS_EXCHANGE, 'topic', { durable: true })
    },
    async onConnect(model) {
      // Whatever was published while no queue listened was missed: trust starts anew.
      listening = false
      options.trust.set('broker', false)
      await listenOnPrivateQueue(model, {
        exchange: EVENTS_EXCHANGE,
        routingKeys: [...ENTRY_EVENTS, CONTENT_TYPE_CHANGED, CACHE_PURGE],
        logger: options.logger,
        what: 'change for the read cache',
        onMessage: (text) => {
          const change = changeOfMessage(text)
          if (change) options.drop(change.websiteId, change.tags)
        },
      })
      listening = true
      options.trust.set('broker', true)
    },
  })
  connecting.then(
    (connected) => (client = connected),
    (error: unknown) => options.logger.warn({ err: error }, 'read cache: broker unavailable'),
  )
  const timer = setInterval(() => {
    if (client) options.trust.set('broker', listening && client.isConnected())
  }, options.checkEveryMs ?? 250)
  timer.unref()
  return {
    async close() {
      clearInterval(timer)
      listening = false
      options.trust.set('broker', false)
      await connecting.then((connected) => connected.close()).catch(() => undefined)
    },
  }
}
