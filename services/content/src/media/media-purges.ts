import { tagsOfMediaChange } from '@cms/contract'
import { announceCachePurge } from '@cms/events'
import type { PurgePublisher } from '@cms/events'
import type { Logger } from '@cms/logger'

/** Tells the CDN purgers that a media file was uploaded, changed or deleted. */
export type MediaChanged = (websiteId: string, mediaId: string) => Promise<void>

/**
 * Media changes pass no outbox, so each announces its tags itself before its answer goes out
 * (docs/cdn.md, "Purges"). A broker that stays away does not fail the change: it is logged,
 * and the CDN's copies expire with their max-age.
 */
export function createMediaPurges(deps: {
  publisher: () => PurgePublisher
  clock: () => Date
  logger: Logger
}): MediaChanged {
  return async (websiteId, mediaId) => {
    try {
      await announceCachePurge(deps.publisher(), {
        websiteId,
        tags: tagsOfMediaChange(websiteId, mediaId),
        now: deps.clock(),
      })
    } catch (error) {
      deps.logger.error(
        { err: (error as Error).message, websiteId, mediaId },
        'a media change was not announced to the CDN purgers',
      )
    }
  }
}
