import { LRUCache } from 'lru-cache'
import type { Logger } from 'pino'
import { chained, CHAIN_START } from './index.ts'
import type { AuditEntry, AuditRecord, ChainPoint } from './index.ts'
import type { AuditStore } from './audit-store.ts'

const ATTEMPTS = 20

export interface AuditLog {
  /** Appends a record to its chain before the change is answered; a record appends once. */
  append(record: AuditRecord): Promise<AuditEntry | undefined>
  /**
   * Appends records in their order: each chain's in one insert when nobody else wrote to it
   * meanwhile, else from the first refused one on, one at a time as `append` does.
   */
  appendAll(records: readonly AuditRecord[]): Promise<void>
  /** The chain's last entry, and where its kept entries start once the sweep removed some. */
  head(
    chain: string,
  ): Promise<{ chain: string; seq: number; hash: string; sweptThrough?: ChainPoint }>
}

/**
 * One writer's view of the chains: the last entry it wrote or read is kept per chain, so an
 * append is one insert; when another writer took the place meanwhile (a duplicate key), the
 * chain's last entry is read again and the append retried.
 */
export function createAuditLog(deps: { store: AuditStore; logger: Logger }): AuditLog {
  const heads = new LRUCache<string, Pick<AuditEntry, 'seq' | 'hash'>>({ max: 10_000 })
  async function lastOf(chain: string, fresh: boolean) {
    const cached = fresh ? undefined : heads.get(chain)
    if (cached) return cached
    const last = await deps.store.last(chain)
    if (last) heads.set(chain, { seq: last.seq, hash: last.hash })
    return last
  }
  async function append(record: AuditRecord): Promise<AuditEntry | undefined> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const entry = chained(record, await lastOf(record.chain, attempt > 0))
      const outcome = await deps.store.insert(entry)
      if (outcome === 'duplicate') return undefined
      if (outcome === 'inserted') {
        heads.set(record.chain, { seq: entry.seq, hash: entry.hash })
        return entry
      }
    }
    throw new Error(`audit chain ${record.chain}: no place after ${ATTEMPTS} attempts`)
  }

  return {
    append,
    async appendAll(records) {
      const byChain = new Map<string, AuditRecord[]>()
      for (const record of records) {
        const ofChain = byChain.get(record.chain)
        if (ofChain) ofChain.push(record)
        else byChain.set(record.chain, [record])
      }
      for (const [chain, ofChain] of byChain) {
        const entries: AuditEntry[] = []
        let previous = await lastOf(chain, false)
        for (const record of ofChain) entries.push((previous = chained(record, previous)))
        const inserted = await deps.store.insertInOrder(entries)
        const last = entries[inserted - 1]
        if (last) heads.set(chain, { seq: last.seq, hash: last.hash })
        // A record that did go in is refused as a duplicate here, wherever its place would be.
        for (const record of ofChain.slice(inserted)) await append(record)
      }
    },
    async head(chain) {
      const [last, sweptThrough] = await Promise.all([
        deps.store.last(chain),
        deps.store.sweptThrough(chain),
      ])
      return {
        chain,
        seq: last?.seq ?? 0,
        hash: last?.hash ?? CHAIN_START,
        ...(sweptThrough && { sweptThrough }),
      }
    },
  }
}
