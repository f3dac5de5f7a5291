import type { Db } from 'mongodb'
import { isDuplicateKeyError } from '@cms/mongo'
import { CHAIN_START, entryHash } from './audit-entry.ts'
import type { ChainPoint } from './chain-verification.ts'
import { AUDIT_CHAINS, AUDIT_ENTRIES, toEntry } from './audit-store.ts'
import type { AuditDocument, ChainDocument } from './audit-store.ts'

export interface AuditChains {
  /** The chains that hold an entry older than `before` (ISO 8601). */
  chainsWithEntriesBefore(before: string): Promise<string[]>
  /**
   * Removes up to `limit` of a chain's oldest entries older than `before`, first recording the
   * last of them as the chain's start. It stops at an entry that does not verify (so what shows
   * tampering stays) and never removes the chain's last entry (the next append links to it).
   * Returns how many it removed.
   */
  sweep(chain: string, before: string, limit: number): Promise<number>
  /** One batch of a website purge: up to `limit` of the chain's entries, and at the end its start. */
  purgeBatch(
    chain: string,
    limit: number,
  ): Promise<{ done: boolean; removed: Record<string, number> }>
}

/** The audit log's retention and purge (docs/audit.md): the only code that deletes entries. */
export function createAuditChains(db: Db): AuditChains {
  const entries = db.collection<AuditDocument>(AUDIT_ENTRIES)
  const chains = db.collection<ChainDocument>(AUDIT_CHAINS)

  async function sweptThrough(chain: string): Promise<ChainPoint | undefined> {
    return (await chains.findOne({ _id: chain }))?.sweptThrough
  }

  /** Moves the start forward only: a slower sweep never moves it back over a faster one's. */
  async function moveStart(chain: string, to: ChainPoint, known: boolean): Promise<void> {
    if (known) {
      await chains.updateOne(
        { _id: chain, 'sweptThrough.seq': { $lt: to.seq } },
        { $set: { sweptThrough: to } },
      )
      return
    }
    try {
      await chains.insertOne({ _id: chain, sweptThrough: to })
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error
      await moveStart(chain, to, true)
    }
  }

  return {
    async chainsWithEntriesBefore(before) {
      return entries.distinct('chain', { time: { $lt: before } })
    },
    async sweep(chain, before, limit) {
      const start = await sweptThrough(chain)
      const docs = await entries
        .find({ chain, seq: { $gt: start?.seq ?? 0 } })
        .sort({ seq: 1 })
        .limit(limit + 1)
        .toArray()
      let previous: ChainPoint = start ?? { seq: 0, hash: CHAIN_START }
      let last: ChainPoint | undefined
      for (const doc of docs.slice(0, Math.min(limit, docs.length - 1))) {
        const entry = toEntry(doc)
        const whole =
          entry.seq === previous.seq + 1 &&
          entry.previousHash === previous.hash &&
          entryHash(entry) === entry.hash
        if (!whole || entry.time >= before) break
        previous = last = { seq: entry.seq, hash: entry.hash }
      }
      if (!last) return 0
      await moveStart(chain, last, start !== undefined)
      const removed = await entries.deleteMany({ chain, seq: { $lte: last.seq } })
      return removed.deletedCount
    },
    async purgeBatch(chain, limit) {
      const found = await entries
        .find({ chain }, { projection: { _id: 1 } })
        .limit(limit)
        .toArray()
      if (found.length === 0) {
        await chains.deleteOne({ _id: chain })
        return { done: true, removed: {} as Record<string, number> }
      }
      const ids = found.map((doc) => doc._id)
      const removed = await entries.deleteMany({ _id: { $in: ids } })
      return { done: false, removed: { [AUDIT_ENTRIES]: removed.deletedCount } }
    },
  }
}
