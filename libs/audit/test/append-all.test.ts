import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import type { Db } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '@cms/logger'
import { testEnv } from '@cms/testkit'
import { verifyChain } from '../src/index.ts'
import type { AuditEntry, AuditRecord } from '../src/index.ts'
import { createAuditLog } from '../src/audit-log.ts'
import { AUDIT_ENTRIES, createAuditStore } from '../src/audit-store.ts'

const logger = createLogger({ service: 'test', level: 'silent' })
let client: MongoClient
let db: Db
let inserts = 0

beforeAll(async () => {
  client = await MongoClient.connect(testEnv().mongoUrl, { monitorCommands: true })
  client.on('commandStarted', (event) => {
    if (event.commandName === 'insert') inserts++
  })
  db = client.db(`audit_${randomUUID().slice(0, 8)}`)
  await createAuditStore(db).ensureIndexes()
})
afterAll(async () => {
  await db?.dropDatabase()
  await client?.close()
})

const recordsOf = (chain: string, count: number): AuditRecord[] =>
  Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    time: new Date(Date.now() + n).toISOString(),
    chain,
    actor: { kind: 'key', id: 'k1' },
    action: 'document.update',
    target: { kind: 'document', id: `d${n}` },
    outcome: 'success',
  }))

async function chainOf(chain: string): Promise<AuditEntry[]> {
  const found = await db
    .collection<AuditEntry & { _id: string }>(AUDIT_ENTRIES)
    .find({ chain })
    .sort({ seq: 1 })
    .toArray()
  return found.map(({ _id, ...entry }) => entry)
}

describe('appending many audit records at once on the real storage', () => {
  it('when records of two chains are appended together, then each chain holds them in order, verifies, and took one insert', async () => {
    const log = createAuditLog({ store: createAuditStore(db), logger })
    const [a, b] = [randomUUID(), randomUUID()]
    const records = [...recordsOf(a, 8), ...recordsOf(b, 3)]
    inserts = 0
    await log.appendAll(records)
    expect(inserts).toBe(2)
    for (const chain of [a, b]) {
      const entries = await chainOf(chain)
      expect(entries.map((entry) => entry.id)).toEqual(
        records.filter((record) => record.chain === chain).map((record) => record.id),
      )
      expect(verifyChain(entries).problem).toBeUndefined()
    }
  })

  it('when another writer took the next place meanwhile, then every record is in once and the chain still verifies', async () => {
    const chain = randomUUID()
    const ours = createAuditLog({ store: createAuditStore(db), logger })
    const theirs = createAuditLog({ store: createAuditStore(db), logger })
    await ours.appendAll(recordsOf(chain, 2))
    // Only the first of our next places is taken: an insert that went on past it would leave
    // entries linked to one that is not there.
    await theirs.appendAll(recordsOf(chain, 1))
    const records = recordsOf(chain, 5)
    await ours.appendAll(records)
    const entries = await chainOf(chain)
    expect(entries).toHaveLength(8)
    expect(entries.slice(3).map((entry) => entry.id)).toEqual(records.map((record) => record.id))
    expect(verifyChain(entries).problem).toBeUndefined()
  })

  it('when some records were appended before (a relay sending again), then they are not appended twice', async () => {
    const chain = randomUUID()
    const log = createAuditLog({ store: createAuditStore(db), logger })
    const records = recordsOf(chain, 6)
    await log.appendAll(records.slice(0, 3))
    await createAuditLog({ store: createAuditStore(db), logger }).appendAll(records)
    const entries = await chainOf(chain)
    expect(entries.map((entry) => entry.id)).toEqual(records.map((record) => record.id))
    expect(verifyChain(entries).problem).toBeUndefined()
  })
})
