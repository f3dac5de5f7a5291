import { describe, expect, it } from 'vitest'
import { createChangeLog } from './change-log.ts'
import type { ChangeClaim } from './change-log.ts'
import type { ChangeEntry, ChangesCollection } from './collections/changes.ts'

/** The collection's claim semantics (an insert refused on a taken `_id`) over a Map. */
function inMemoryChanges(): ChangesCollection & { entries: Map<string, ChangeEntry> } {
  const entries = new Map<string, ChangeEntry>()
  const tick = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 2))
  const ofWebsite = (websiteId: string) =>
    [...entries.values()].filter((entry) => entry.websiteId === websiteId)
  return {
    entries,
    async claimAll(claimed) {
      await tick()
      return claimed.map((entry) => {
        if (entries.has(entry._id)) return false
        entries.set(entry._id, entry)
        return true
      })
    },
    async exists(websiteId, seq) {
      await tick()
      return entries.has(`${websiteId}:${seq}`)
    },
    find: async (websiteId, seq) => entries.get(`${websiteId}:${seq}`) ?? null,
    newest: async (websiteId) => ofWebsite(websiteId).sort((a, b) => b.seq - a.seq)[0] ?? null,
    after: async () => [],
    downFrom: async () => [],
    markVoid: async () => undefined,
    purgeBefore: async () => 0,
  }
}

const claimOf = (websiteId: string, n: number): ChangeClaim => ({
  websiteId,
  documentId: `d${n}`,
  type: 'article',
  version: 1,
  versionId: `d${n}:1`,
  eventId: `e${n}`,
  event: 'entry.create',
  createdAt: new Date(),
})

describe('change log claims', () => {
  it('when three processes claim 60 seqs of one website at once, then each gets a distinct seq and the seqs are 1..60 without a gap', async () => {
    const changes = inMemoryChanges()
    const processes = [createChangeLog(changes), createChangeLog(changes), createChangeLog(changes)]
    const seqs = await Promise.all(
      Array.from({ length: 60 }, (_, n) => processes[n % 3]!.claim(claimOf('w', n))),
    )
    expect([...seqs].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n + 1))
    expect(await processes[0]!.head('w')).toBe(60)
  })

  it('when a process starts without a hint, then it continues after the newest entry kept, also when older ones were swept', async () => {
    const changes = inMemoryChanges()
    const first = createChangeLog(changes)
    for (let n = 0; n < 5; n++) await first.claim(claimOf('w', n))
    for (const seq of [1, 2, 3, 4]) changes.entries.delete(`w:${seq}`)
    expect(await createChangeLog(changes).claim(claimOf('w', 9))).toBe(6)
    expect(await createChangeLog(changes).claim(claimOf('other', 9))).toBe(1)
  })

  it('when 40 changes of two websites claim at once in one process, then they take few inserts and each website its own seqs 1..20', async () => {
    const changes = inMemoryChanges()
    const claimAll = changes.claimAll
    let inserts = 0
    changes.claimAll = (entries) => {
      inserts++
      return claimAll(entries)
    }
    const log = createChangeLog(changes)
    const seqs = await Promise.all(
      Array.from({ length: 40 }, (_, n) => log.claim(claimOf(n % 2 === 0 ? 'a' : 'b', n))),
    )
    const ofWebsite = (parity: number) => seqs.filter((_, n) => n % 2 === parity)
    expect(ofWebsite(0)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1))
    expect(ofWebsite(1)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1))
    expect(inserts).toBeLessThanOrEqual(2)
  })
})
