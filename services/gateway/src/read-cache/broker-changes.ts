import { CHANGED_TAGS_ROUTING_KEYS, changedTagsOf } from '@cms/events'
import type { BrokerChanges } from '../broker/broker-changes.ts'
import type { CacheTrust } from './cache-trust.ts'

/**
 * Entry events, type changes and cache purges heard from the broker drop the entries they name,
 * so changes no gateway wrote (scheduled publishes, imports, writes through other instances)
 * reach the cache. The broker counts as a source of changes for the cache's trust: heard from
 * the moment the queue listens, lost with the connection.
 */
export function dropOnBrokerChanges(options: {
  changes: BrokerChanges
  trust: CacheTrust
  drop: (websiteId: string, tags: readonly string[]) => void
  checkEveryMs?: number
}): { close(): void } {
  const { changes, trust } = options
  changes.listen({
    routingKeys: CHANGED_TAGS_ROUTING_KEYS,
    onMessage(text, routingKey) {
      const changed = changedTagsOf(routingKey, text)
      if (changed) options.drop(changed.websiteId, changed.tags)
    },
    onConnected() {
      // However short the outage, what it carried was missed: trust is regained afresh.
      trust.set('broker', false)
      trust.set('broker', true)
    },
  })
  const timer = setInterval(
    () => trust.set('broker', changes.listening()),
    options.checkEveryMs ?? 250,
  )
  timer.unref()
  return {
    close() {
      clearInterval(timer)
      trust.set('broker', false)
    },
  }
}
