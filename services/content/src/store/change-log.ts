import type { ChangeEntry, ChangesCollection } from './collections/changes.ts'
import { changeKey } from './collections/changes.ts'
import { oneAtATime } from './one-at-a-time.ts'

const HINTS_KEPT = 1000

/** A change as the commit claims its seq for it: the entry without its seq. */
export type ChangeClaim = Omit<ChangeEntry, '_id' | 'seq'>

export interface ChangeLog {
  /** Claims the website's next seq for the change (one insert when this process wrote last). */
  claim(change: ChangeClaim): Promise<number>
  /** The change will never commit (its writer lost the version race). */
  abandon(websiteId: string, seq: number): Promise<void>
  /** The highest seq claimed so far (0: none). */
  head(websiteId: string): Promise<number>
}

/**
 * The writers' side of the change log (docs/sync.md, "The change log"): a seq is taken by
 * inserting its entry, so two writers never share one, and entries stay contiguous. The last
 * seq this process took per website is the hint for the next; after a duplicate key the head
 * is found by galloping `_id` lookups ("entry n exists" is monotone in n). Claims of one
 * website in this process wait in line: concurrent writers would otherwise race for one seq.
 */
export function createChangeLog(changes: ChangesCollection): ChangeLog {
  const hints = new Map<string, number>()
  const inLine = oneAtATime()

  function remember(websiteId: string, seq: number): void {
    hints.delete(websiteId)
    hints.set(websiteId, seq)
    if (hints.size > HINTS_KEPT) hints.delete(hints.keys().next().value as string)
  }

  /** The last existing seq at or after `known`, which exists (or is 0). */
  async function gallop(websiteId: string, known: number): Promise<number> {
    let low = known
    let step = 1
    let high = known + 1
    while (await changes.exists(websiteId, high)) {
      low = high
      step *= 2
      high = low + step
    }
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2)
      if (await changes.exists(websiteId, middle)) low = middle
      else high = middle
    }
    return low
  }

  /** Without a hint: the newest entry kept (the retention sweep always keeps it). */
  async function head(websiteId: string): Promise<number> {
    const newest = await changes.newest(websiteId)
    return gallop(websiteId, newest?.seq ?? 0)
  }

  return {
    claim: (change) => inLine(change.websiteId, () => claimNow(change)),
    abandon: (websiteId, seq) => changes.markVoid(websiteId, seq),
    head,
  }

  async function claimNow(change: ChangeClaim): Promise<number> {
    const { websiteId } = change
    let next = (hints.get(websiteId) ?? (await head(websiteId))) + 1
    for (;;) {
      const entry = { _id: changeKey(websiteId, next), seq: next, ...change }
      if (await changes.claim(entry)) {
        remember(websiteId, next)
        return next
      }
      next = (await gallop(websiteId, next)) + 1
    }
  }
}
