import { CHAIN_START, entryHash } from './audit-entry.ts'
import type { AuditEntry } from './audit-entry.ts'

export interface ChainProblem {
  /** The place in the chain where it stops matching. */
  seq: number
  reason: string
}

export interface ChainVerdict {
  /** Entries read. */
  checked: number
  head: { seq: number; hash: string } | null
  /** The first entry that does not match; absent: the chain is whole. */
  problem?: ChainProblem
}

/**
 * Recomputes a chain read in `seq` order: each entry's hash of its own content, its link to the
 * one before, and no place skipped (a removed entry leaves a gap or a broken link). With
 * `expectedHead` (a head exported earlier), a chain cut short is found too.
 */
export function verifyChain(
  entries: Iterable<AuditEntry>,
  expectedHead?: { seq: number; hash: string },
): ChainVerdict {
  let previous: { seq: number; hash: string } | null = null
  let checked = 0
  const verdict = (problem?: ChainProblem): ChainVerdict => ({
    checked,
    head: previous,
    ...(problem && { problem }),
  })
  for (const entry of entries) {
    checked += 1
    const seq: number = (previous?.seq ?? 0) + 1
    if (entry.seq !== seq)
      return verdict({ seq, reason: `entry ${seq} is missing (the next is ${entry.seq})` })
    if (entry.previousHash !== (previous?.hash ?? CHAIN_START))
      return verdict({ seq, reason: `entry ${seq} does not link to entry ${seq - 1}` })
    if (entryHash(entry) !== entry.hash)
      return verdict({ seq, reason: `entry ${seq} was changed after it was written` })
    previous = { seq: entry.seq, hash: entry.hash }
  }
  if (expectedHead && (previous?.seq ?? 0) < expectedHead.seq)
    return verdict({
      seq: (previous?.seq ?? 0) + 1,
      reason: `the chain ends at ${previous?.seq ?? 0}; the exported head is ${expectedHead.seq}`,
    })
  if (expectedHead && previous?.seq === expectedHead.seq && previous.hash !== expectedHead.hash)
    return verdict({ seq: expectedHead.seq, reason: 'the head differs from the exported head' })
  return verdict()
}
