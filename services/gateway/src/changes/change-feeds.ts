import type { Logger } from '@cms/logger'
import type { ChangeEntry, ChangeLogReader } from './change-entry.ts'
import { createWebsiteFeed } from './website-feed.ts'
import type { FeedListener, WebsiteFeed } from './website-feed.ts'

export interface FeedMembership {
  /** The listener gets every resolved entry after this seq, in order. */
  from: number
  leave(): void
}

/** The feeds of the websites that have an open stream on this instance. */
export interface ChangeFeeds {
  join(websiteId: string, listener: FeedListener): Promise<FeedMembership>
  /** The broker announced a change of the website. */
  notify(websiteId: string, seq?: number, entry?: ChangeEntry): void
  /** Changes may have been missed (the broker connection was lost): every feed reads again. */
  notifyAll(): void
  stop(): void
}

export function createChangeFeeds(deps: { reader: ChangeLogReader; logger: Logger }): ChangeFeeds {
  const feeds = new Map<string, Promise<WebsiteFeed>>()

  /** A new feed starts at the log's resolved head (`limit=0` reads no entry, only the head). */
  async function open(websiteId: string): Promise<WebsiteFeed> {
    const { head } = await deps.reader.read(websiteId, 0, 0)
    return createWebsiteFeed({ websiteId, head, reader: deps.reader, logger: deps.logger })
  }

  function feedOf(websiteId: string): Promise<WebsiteFeed> {
    let feed = feeds.get(websiteId)
    if (!feed) {
      feed = open(websiteId)
      feeds.set(websiteId, feed)
      feed.catch(() => feeds.delete(websiteId))
    }
    return feed
  }

  function whenOpen(websiteId: string, act: (feed: WebsiteFeed) => void): void {
    void feeds
      .get(websiteId)
      ?.then(act)
      .catch(() => undefined)
  }

  return {
    async join(websiteId, listener) {
      const opened = feedOf(websiteId)
      const feed = await opened
      // The last stream of a feed may have left it while this one waited: join the next one.
      if (feeds.get(websiteId) !== opened) return this.join(websiteId, listener)
      const from = feed.head
      const stopListening = feed.listen(listener)
      return {
        from,
        leave() {
          stopListening()
          if (feed.listeners > 0) return
          if (feeds.get(websiteId) === opened) feeds.delete(websiteId)
          feed.stop()
        },
      }
    },
    notify: (websiteId, seq, entry) => whenOpen(websiteId, (feed) => feed.notify(seq, entry)),
    notifyAll() {
      for (const websiteId of feeds.keys()) whenOpen(websiteId, (feed) => feed.notify())
    },
    stop() {
      for (const websiteId of feeds.keys()) whenOpen(websiteId, (feed) => feed.stop())
      feeds.clear()
    },
  }
}
