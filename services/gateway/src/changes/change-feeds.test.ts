import { describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import { waitFor } from '@cms/testkit'
import type { ChangeEntry, ChangeLogReader } from './change-entry.ts'
import { createChangeFeeds } from './change-feeds.ts'

const entry = (seq: number): ChangeEntry => ({
  seq,
  documentId: `d${seq}`,
  type: 'article',
  event: 'entry.update',
})

/** A log of `committed` entries (those up to `resolved` readable), counting the reads. */
function fakeLog(committed: number, resolved = committed) {
  const log = { committed, resolved, reads: 0 }
  const reader: ChangeLogReader = {
    async read(_websiteId, since, limit) {
      log.reads++
      const upTo = Math.min(log.resolved, since + limit)
      const entries = []
      for (let seq = since + 1; seq <= upTo && limit > 0; seq++) entries.push(entry(seq))
      return { entries, head: log.resolved, through: limit === 0 ? since : Math.max(since, upTo) }
    },
  }
  return { log, reader }
}

const logger = createLogger({ service: 'test', level: 'silent' })

describe('change feeds', () => {
  it('when three streams of a website listen and changes are announced, then each announcement costs one read shared by all, and each listener gets every entry once in order', async () => {
    const { log, reader } = fakeLog(5)
    const feeds = createChangeFeeds({ reader, logger })
    const got: number[][] = [[], [], []]
    const members = await Promise.all(
      got.map((seen) => feeds.join('w', (entries) => seen.push(...entries.map((e) => e.seq)))),
    )
    expect(members.map((member) => member.from)).toEqual([5, 5, 5])
    const opening = log.reads
    log.committed = log.resolved = 7
    feeds.notify('w', 7)
    await waitFor(() => (got.every((seen) => seen.length === 2) ? true : undefined))
    expect(log.reads - opening).toBe(1)
    feeds.notify('w', 6)
    feeds.notify('other', 9)
    expect(log.reads - opening).toBe(1)
    expect(got).toEqual([
      [6, 7],
      [6, 7],
      [6, 7],
    ])
    for (const member of members) member.leave()
    feeds.stop()
  })

  it('when a read stops before an announced seq (a change still committing), then the feed reads again until it has it', async () => {
    const { log, reader } = fakeLog(3)
    const feeds = createChangeFeeds({ reader, logger })
    const seen: number[] = []
    const member = await feeds.join('w', (entries) => seen.push(...entries.map((e) => e.seq)))
    log.committed = 5
    log.resolved = 4
    feeds.notify('w', 5)
    await waitFor(() => (seen.length === 1 ? true : undefined))
    log.resolved = 5
    await waitFor(() => (seen.length === 2 ? true : undefined))
    expect(seen).toEqual([4, 5])
    member.leave()
    feeds.stop()
  })

  it('when an announcement carries the next entry, then it is handed out without a read; one past a gap reads the log', async () => {
    const { log, reader } = fakeLog(2)
    const feeds = createChangeFeeds({ reader, logger })
    const seen: number[] = []
    const member = await feeds.join('w', (entries) => seen.push(...entries.map((e) => e.seq)))
    const opening = log.reads
    log.committed = log.resolved = 5
    feeds.notify('w', 3, entry(3))
    await waitFor(() => (seen.length === 1 ? true : undefined))
    expect(log.reads - opening).toBe(0)
    feeds.notify('w', 5, entry(5))
    await waitFor(() => (seen.length === 3 ? true : undefined))
    expect(seen).toEqual([3, 4, 5])
    expect(log.reads - opening).toBe(1)
    member.leave()
    feeds.stop()
  })
})
