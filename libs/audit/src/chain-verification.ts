import { CHAIN_START, entryHash } from './audit-entry.ts'
import type { AuditEntry } from './audit-entry.ts'

/** A place in a chain: an entry's `seq` and `hash`. */
export interface ChainPoint {
  seq: number
  hash: string
}

export interface ChainProblem {
  /** The place in the chain where it stops matching. */
  seq: number
  reason: string
}

export interface ChainVerdict {
  /** Entries read. */
  checked: number
  head: ChainPoint | null
  /** The first entry that does not match; absent: the chain is whole. */
  problem?: ChainProblem
}

export interface ChainExpectations {
  /** Where the kept chain starts: the last entry the retention sweep removed (docs/audit.md). */
  start?: ChainPoint
  /** A head exported earlier: a chain cut short, or rewritten behind it, is found too. */
  expectedHead?: ChainPoint
}

/**
 * Recomputes a chain read in `seq` order: each entry's hash of its own content, its link to the
 * one before, and no place skipped (a removed entry leaves a gap or a broken link). From
 * `start`, the first entry must be the one after it and link to its hash; entries at or before
 * it (left by a sweep cut short) are not read. With `expectedHead`, the entry at its place must
 * have its hash, and a chain that ends before it is cut short.
 */
export function verifyChain(
  entries: Iterable<AuditEntry>,
  { start, expectedHead }: ChainExpectations = {},
): ChainVerdict {
  let previous: ChainPoint | null = start && start.seq > 0 ? start : null
  let checked = 0
  const verdict = (problem?: ChainProblem): ChainVerdict => ({
    checked,
    head: previous,
    ...(problem && { problem }),
  })
  for (const entry of entries) {
    if (start && entry.seq <= start.seq) continue
    checked += 1
    const seq: number = (previous?.seq ?? 0) + 1
    if (entry.seq !== seq)
      return verdict({ seq, reason: `entry ${seq} is missing (the next is ${entry.seq})` })
    if (entry.previousHash !== (previous?.hash ?? CHAIN_START))
      return verdict({ seq, reason: `entry ${seq} does not link to entry ${seq - 1}` })
    if (entryHash(entry) !== entry.hash)
      return verdict({ seq, reason: `entry ${seq} was changed after it was written` })
    if (expectedHead?.seq === seq && expectedHead.hash !== entry.hash)
      return verdict({ seq, reason: `entry ${seq} differs from the exported head` })
    previous = { seq: entry.seq, hash: entry.hash }
  }
  const last = previous?.seq ?? 0
  if (expectedHead && last < expectedHead.seq)
    return verdict({
      seq: last + 1,
      reason: `the chain ends at ${last}; the exported head is ${expectedHead.seq}`,
    })
  if (expectedHead && start?.seq === expectedHead.seq && start.hash !== expectedHead.hash)
    return verdict({ seq: start.seq, reason: 'the start differs from the exported head' })
  return verdict()
}
