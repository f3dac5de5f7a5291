import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRecord } from '@cms/audit'
import { testEnv, waitFor } from '@cms/testkit'
import { defineSchema, newCaller, startContent, tapEvents, withDb } from './in-process.ts'
import type { InProcessContent, Tap } from './in-process.ts'
import type { StoredVersion } from '../src/document/document.ts'
import { entryEventOf } from '../src/document/entry-event.ts'

/**
 * `AUDIT_LOG=off` (the bench's baseline, docs/audit.md "Content"): the writer records none of its
 * own changes, and its relay still appends the records other writers' pointers carry.
 */
let content: InProcessContent
let tap: Tap
const auditDb = `cms_audit_test_${randomUUID().slice(0, 8)}`

beforeAll(async () => {
  const caller = newCaller()
  await defineSchema(caller)
  content = await startContent({
    caller,
    env: { AUDIT_LOG: 'off', AUDIT_DB: auditDb, OUTBOX_POLL_MS: '60000' },
  })
  tap = await tapEvents(testEnv().amqpUrl, caller.websiteId)
})
afterAll(async () => {
  await tap?.close()
  await content?.stop()
  await withDb(content.dbName, (db) => db.dropDatabase())
  await withDb(auditDb, (db) => db.dropDatabase())
})

const entriesOf = (documentId: string) =>
  withDb(auditDb, (db) =>
    db.collection<AuditRecord>('audit_entries').find({ 'target.id': documentId }).toArray(),
  )

async function createPost(title: string): Promise<{ id: string }> {
  const response = await content.api('POST', '/api/content', {
    body: { type: 'post', data: { title } },
  })
  expect(response.status).toBe(201)
  return response.body
}

const eventOf = (id: string, event: string) =>
  waitFor(() => tap.events().some((e) => e.document.id === id && e.event === event) || undefined, {
    what: `${event} of ${id}`,
  })

/** What another writer (with the audit log on) commits: a pointer with its record, then the version. */
async function commitFromAnotherWriter(id: string, record: AuditRecord): Promise<void> {
  await withDb(content.dbName, async (db) => {
    const document = await db.collection('documents').findOne({ _id: id as never })
    if (!document) throw new Error('no document')
    const { _id, ...state } = document
    const now = new Date()
    const version = {
      _id: `${id}:${state.version + 1}`,
      documentId: id,
      websiteId: state.websiteId,
      version: state.version + 1,
      reason: 'update' as const,
      changedBy: content.api.caller.keyId,
      state: { ...state, data: { ...state.data, body: 'elsewhere' }, version: state.version + 1 },
      event: { eventId: randomUUID(), name: 'entry.update' as const, timestamp: now },
      createdAt: now,
    }
    await db.collection('outbox').insertOne({
      _id: version.event.eventId as never,
      versionId: version._id,
      documentId: id,
      websiteId: state.websiteId,
      createdAt: now,
      message: entryEventOf(version as unknown as StoredVersion),
      audit: record,
    })
    await db.collection('versions').insertOne(version as never)
  })
}

describe('AUDIT_LOG=off', () => {
  it("when a writer with the audit log off makes a change, then its event goes out and no entry is made; when it relays another writer's change, then that change's record is appended", async () => {
    const own = await createPost('Not audited')
    await eventOf(own.id, 'entry.create')
    expect(await entriesOf(own.id)).toEqual([])

    const record: AuditRecord = {
      id: randomUUID(),
      time: new Date().toISOString(),
      chain: content.api.caller.websiteId,
      actor: { kind: 'key', id: content.api.caller.keyId },
      action: 'document.update',
      target: { kind: 'document', id: own.id, type: 'post', version: 2 },
      outcome: 'success',
    }
    await commitFromAnotherWriter(own.id, record)
    await createPost('Kicks the relay')
    await eventOf(own.id, 'entry.update')
    const entries = await entriesOf(own.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ ...record, seq: 1 })
  })
})
