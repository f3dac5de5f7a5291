import type { Logger } from '@cms/logger'
import { CHANGE_PAGE_SIZE } from './change-entry.ts'
import type { ChangeEntry, ChangeLogReader } from './change-entry.ts'

export type FeedListener = (entries: readonly ChangeEntry[]) => void

/**
 * One website's live changes on this instance, shared by all its open streams: a broker
 * notification makes one read of the log after the feed's head, whose entries every listener
 * gets, whatever the number of streams.
 */
export interface WebsiteFeed {
  /** Every resolved entry up to here has been handed to the listeners of the time. */
  readonly head: number
  readonly listeners: number
  /** Listens from `head` on (read it in the same turn to know where the entries start). */
  listen(listener: FeedListener): () => void
  /**
   * A change of the website was announced (with its seq and entry, when the message carries
   * them): the next entry in order is handed out as it is, anything else reads the log.
   */
  notify(seq?: number, entry?: ChangeEntry): void
  stop(): void
}

/** Reads again after this long while the log is known to hold more than was read. */
const BEHIND_RETRY_MS = [200, 500, 1000, 2000, 5000] as const

export function createWebsiteFeed(options: {
  websiteId: string
  head: number
  reader: ChangeLogReader
  logger: Logger
}): WebsiteFeed {
  const { websiteId, reader, logger } = options
  const listeners = new Set<FeedListener>()
  let head = options.head
  /** The highest seq announced (a pending entry past `head` stops the read before it). */
  let announced = head
  let reading = false
  let again = false
  let stopped = false
  let retries = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  function hand(entries: readonly ChangeEntry[]): void {
    for (const listener of listeners) {
      try {
        listener(entries)
      } catch (error) {
        logger.warn({ err: error, websiteId }, 'a change stream failed to take its entries')
      }
    }
  }

  async function readAll(): Promise<void> {
    do {
      again = false
      const page = await reader.read(websiteId, head, CHANGE_PAGE_SIZE)
      const entries = page.entries.filter((entry) => entry.seq > head)
      head = Math.max(head, page.through)
      if (entries.length > 0) hand(entries)
      if (page.entries.length === CHANGE_PAGE_SIZE) again = true
    } while (again && !stopped)
  }

  function retryLater(): void {
    if (stopped || timer) return
    const delay = BEHIND_RETRY_MS[Math.min(retries, BEHIND_RETRY_MS.length - 1)]!
    retries++
    timer = setTimeout(() => {
      timer = undefined
      read()
    }, delay)
  }

  function read(): void {
    if (stopped) return
    if (reading) {
      again = true
      return
    }
    reading = true
    readAll()
      .then(() => {
        if (announced > head) retryLater()
        else retries = 0
      })
      .catch((error: unknown) => {
        logger.warn({ err: error, websiteId }, 'reading the change log failed; trying again')
        retryLater()
      })
      .finally(() => {
        reading = false
        if (again) read()
      })
  }

  return {
    get head() {
      return head
    },
    get listeners() {
      return listeners.size
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    notify(seq, entry) {
      if (seq !== undefined) {
        if (seq <= head) return
        announced = Math.max(announced, seq)
      }
      if (entry && entry.seq === head + 1 && !reading && !stopped) {
        head = entry.seq
        hand([entry])
        return
      }
      read()
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      listeners.clear()
    },
  }
}
