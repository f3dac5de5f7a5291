import type { Db, Filter } from 'mongodb'
import { isDuplicateKeyError, writeErrorsOf } from '@cms/mongo'
import type { AuditEntry } from './index.ts'
import type { ChainPoint } from './chain-verification.ts'

/** An entry as stored: `_id` is `<chain>:<seq>`, so two writers cannot take one place. */
export interface AuditDocument extends AuditEntry {
  _id: string
}

export interface AuditFilter {
  chain: string
  actor?: string
  action?: string
  targetKind?: string
  target?: string
  from?: string
  to?: string
}

export interface AuditStore {
  ensureIndexes(): Promise<void>
  /** The last entry of a chain. */
  last(chain: string): Promise<AuditEntry | undefined>
  /** `taken`: the place was taken by another entry meanwhile; `duplicate`: the record is in already. */
  insert(entry: AuditEntry): Promise<'inserted' | 'taken' | 'duplicate'>
  /**
   * Entries of one chain, chained here, in one ordered insert: how many went in before the first
   * one refused (its place taken or its record in already); none after it is inserted.
   */
  insertInOrder(entries: readonly AuditEntry[]): Promise<number>
  page(
    filter: AuditFilter,
    options: { order: 'asc' | 'desc'; skip: number; limit: number },
  ): Promise<{ entries: AuditEntry[]; total: number }>
  /** A chain's kept entries, oldest first (an export). */
  inOrder(chain: string): AsyncIterable<AuditEntry>
  /** Entries chained elsewhere (an import), in one ordered insert; a place taken fails it. */
  insertChained(entries: readonly AuditEntry[]): Promise<void>
  /** Where the retention sweep left the chain (audit-chains.ts); undefined: it starts at 1. */
  sweptThrough(chain: string): Promise<ChainPoint | undefined>
  /** The chains with an entry written at or after `time` (ISO 8601). */
  chainsChangedSince(time: string): Promise<string[]>
}

export const AUDIT_ENTRIES = 'audit_entries'
export const AUDIT_CHAINS = 'audit_chains'

/** Where a chain's retention sweep got to: its kept entries start after `sweptThrough`. */
export interface ChainDocument {
  _id: string
  sweptThrough: ChainPoint
}

export const placeOf = (entry: Pick<AuditEntry, 'chain' | 'seq'>) => `${entry.chain}:${entry.seq}`

export const toEntry = ({ _id, ...entry }: AuditDocument): AuditEntry => entry

function queryOf(filter: AuditFilter): Filter<AuditDocument> {
  const time = {
    ...(filter.from !== undefined && { $gte: filter.from }),
    ...(filter.to !== undefined && { $lt: filter.to }),
  }
  return {
    chain: filter.chain,
    ...(filter.actor !== undefined && { 'actor.id': filter.actor }),
    ...(filter.action !== undefined && { action: filter.action }),
    ...(filter.targetKind !== undefined && { 'target.kind': filter.targetKind }),
    ...(filter.target !== undefined && { 'target.id': filter.target }),
    ...(Object.keys(time).length > 0 && { time }),
  }
}

/** The audit log's entries (docs/audit.md); nothing here updates or deletes one (audit-chains.ts sweeps). */
export function createAuditStore(db: Db): AuditStore {
  const entries = db.collection<AuditDocument>(AUDIT_ENTRIES)
  const chains = db.collection<ChainDocument>(AUDIT_CHAINS)
  /** Entries chained here in one insert that stops at the first refused one. */
  const insertOrdered = (chained: readonly AuditEntry[]) =>
    entries.insertMany(
      chained.map((entry) => ({ _id: placeOf(entry), ...entry })),
      { ordered: true },
    )
  return {
    async ensureIndexes() {
      await entries.createIndex({ chain: 1, seq: -1 })
      // Unique: a record appended again (a relay retried) is refused, wherever its place would be.
      await entries.createIndex({ id: 1 }, { unique: true })
      await entries.createIndex({ chain: 1, time: -1 })
      // The retention sweep's and the head export's look-ups by time across chains.
      await entries.createIndex({ time: 1 })
    },
    async last(chain) {
      const [doc] = await entries.find({ chain }).sort({ seq: -1 }).limit(1).toArray()
      return doc && toEntry(doc)
    },
    async insert(entry) {
      try {
        await entries.insertOne({ _id: placeOf(entry), ...entry })
        return 'inserted'
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
        const same = await entries.findOne({ id: entry.id }, { projection: { _id: 1 } })
        return same ? 'duplicate' : 'taken'
      }
    },
    async page(filter, { order, skip, limit }) {
      const query = queryOf(filter)
      const direction = order === 'asc' ? 1 : -1
      const [docs, total] = await Promise.all([
        entries.find(query).sort({ seq: direction }).skip(skip).limit(limit).toArray(),
        entries.countDocuments(query),
      ])
      return { entries: docs.map(toEntry), total }
    },
    async *inOrder(chain) {
      for await (const doc of entries.find({ chain }).sort({ seq: 1 })) yield toEntry(doc)
    },
    async insertInOrder(chained) {
      try {
        await insertOrdered(chained)
        return chained.length
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error
        // Not told where it stopped: none is counted, and each is appended again on its own.
        return writeErrorsOf(error)[0]?.index ?? 0
      }
    },
    async insertChained(chained) {
      if (chained.length > 0) await insertOrdered(chained)
    },
    async sweptThrough(chain) {
      return (await chains.findOne({ _id: chain }))?.sweptThrough
    },
    async chainsChangedSince(time) {
      return entries.distinct('chain', { time: { $gte: time } })
    },
  }
}
