import { EVENTS_EXCHANGE } from '@cms/events'
import type { Logger } from '@cms/logger'
import type { EventPublisher } from '../store/outbox-relay.ts'
import type { StoredRelease } from './release.ts'
import type { ReleasesCollection } from './releases-collection.ts'

/**
 * Sends a release's pending `release.publish` event with a broker confirm, then removes it from
 * the release: at least once, under a stable `eventId`. Unsent (no broker, no confirm), it stays
 * and the release runner sends it later.
 */
export function createReleaseEvents(deps: {
  releases: Pick<ReleasesCollection, 'save'>
  publisher: () => EventPublisher | undefined
  logger: Logger
}) {
  return {
    async send(release: StoredRelease): Promise<StoredRelease> {
      const message = release.pendingEvent
      const publisher = deps.publisher()
      if (!message || !publisher?.isConnected()) return release
      try {
        await publisher.publish(
          EVENTS_EXCHANGE,
          message.event,
          Buffer.from(JSON.stringify(message)),
          {
            messageId: message.eventId,
            mandatory: true,
            contentType: 'application/json',
            type: message.event,
            timestamp: Math.floor(Date.parse(message.timestamp) / 1000),
          },
        )
      } catch (error) {
        deps.logger.warn(
          { err: error, releaseId: release._id },
          'release event not confirmed; retrying later',
        )
        return release
      }
      const { pendingEvent: _sent, due: _done, ...sent } = release
      await deps.releases.save(sent)
      return sent
    },
  }
}

export type ReleaseEvents = ReturnType<typeof createReleaseEvents>
