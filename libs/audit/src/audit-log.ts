import { LRUCache } from 'lru-cache'
import type { Logger } from 'pino'
import { chained, CHAIN_START } from './index.ts'
import type { AuditEntry, AuditRecord, ChainPoint } from './index.ts'
import type { AuditStore } from './audit-store.ts'

const ATTEMPTS = 20

export interface AuditLog {
  /** Appends a record to its chain before the change is answered; a record appends once. */
  append(record: AuditRecord): Promise<AuditEntry | undefined>
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
  return {
    async append(record) {
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
