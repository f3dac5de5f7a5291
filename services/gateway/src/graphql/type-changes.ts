import { CONTENT_TYPE_CHANGED } from '@cms/events'
import type { ContentTypeChangedMessage } from '@cms/events'
import type { BrokerChanges } from '../broker/broker-changes.ts'

/**
 * The schema service's announcements that a website's type, component or locales changed;
 * `onReconnected` runs after every (re)connect, when some may have been missed.
 */
export function listenForTypeChanges(
  changes: BrokerChanges,
  options: { onChange: (websiteId: string) => void; onReconnected: () => void },
): void {
  changes.listen({
    routingKeys: [CONTENT_TYPE_CHANGED],
    onMessage(text) {
      const { websiteId } = JSON.parse(text) as Partial<ContentTypeChangedMessage>
      if (typeof websiteId === 'string') options.onChange(websiteId)
    },
    onConnected: options.onReconnected,
  })
}
