import { groupCommit } from '@cms/mongo'
import type { ChangeEntry, ChangesCollection } from './collections/changes.ts'
import { changeKey } from './collections/changes.ts'

const HINTS_KEPT = 1000
const CLAIMS_PER_WRITE = 100

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
 * is found by galloping `_id` lookups ("entry n exists" is monotone in n). Claims are
 * group-committed: those that arrive while an insert is in flight take consecutive seqs in the
 * next one, so this process never races itself for a seq, and concurrent writes of a website
 * cost one insert, not one each in line.
 */
export function createChangeLog(changes: ChangesCollection): ChangeLog {
  const hints = new Map<string, number>()

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

  /**
   * Gives each claim the next seq of its website and inserts them all at once; the claims whose
   * seq another process took go again after the head, until every one has its own.
   */
  async function claimBatch(claims: ChangeClaim[]): Promise<number[]> {
    const seqs: number[] = []
    let pending = claims.map((_, index) => index)
    while (pending.length > 0) {
      const next = new Map<string, number>()
      const entries: ChangeEntry[] = []
      for (const index of pending) {
        const claim = claims[index]!
        const { websiteId } = claim
        const seq = next.get(websiteId) ?? (hints.get(websiteId) ?? (await head(websiteId))) + 1
        next.set(websiteId, seq + 1)
        entries.push({ _id: changeKey(websiteId, seq), seq, ...claim })
      }
      const inserted = await changes.claimAll(entries)
      const lost = new Set<string>()
      const refused: number[] = []
      entries.forEach((entry, position) => {
        if (inserted[position]) seqs[pending[position]!] = entry.seq
        else {
          lost.add(entry.websiteId)
          refused.push(pending[position]!)
        }
      })
      // Every seq handed out now exists, ours or another's: the highest is the least head.
      for (const [websiteId, following] of next) {
        const known = following - 1
        remember(websiteId, lost.has(websiteId) ? await gallop(websiteId, known) : known)
      }
      pending = refused
    }
    return seqs
  }

  return {
    claim: groupCommit(claimBatch, { maxItems: CLAIMS_PER_WRITE }),
    abandon: (websiteId, seq) => changes.markVoid(websiteId, seq),
    head,
  }
}
