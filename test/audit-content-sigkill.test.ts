import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditRecord } from '@cms/audit'
import { createAuditLog, createAuditStore } from '@cms/audit/store'
import { createLogger } from '@cms/logger'
import { waitFor } from '@cms/testkit'
import { cms } from '../apps/cli/test/support/cms-under-test.ts'
import { startFaultStack } from './resilience-kit.ts'
import type { FaultStack } from './resilience-kit.ts'

/**
 * The content writer killed with SIGKILL between its changes and their relay (docs/audit.md,
 * "Content"): the broker is down, so the changes are committed and answered while their
 * pointers, each carrying its audit record, wait; one record is already appended, as a relay
 * that died after its append leaves it. After both come back, every change has its document,
 * its event and exactly one entry, and the chain verifies.
 */
let faults: FaultStack
let mongo: MongoClient

beforeAll(async () => {
  faults = await startFaultStack('audit-content-sigkill')
  mongo = await MongoClient.connect(faults.mongoUrl)
}, 180_000)

afterAll(async () => {
  await mongo?.close()
  await faults?.stop()
})

interface Pointer {
  _id: string
  documentId: string
  audit?: AuditRecord
}

describe('the content writer killed between its changes and their audit entries', () => {
  it('audit: a change and its entry survive a SIGKILL of the content writer — when the writer dies with changes committed but not relayed (one of them already appended), then after its restart each change has its document, its event and exactly one entry, and cms audit verify passes', async () => {
    const site = await faults.website()
    const amqp = faults.stack.backends.amqp.control!
    const writer = faults.stack.services.processes['content-write']
    const pointers = mongo.db('cms_content').collection<Pointer>('outbox')
    const entries = mongo.db('cms_audit').collection<AuditRecord>('audit_entries')

    await amqp.kill!()
    const ids: string[] = []
    for (const title of ['First', 'Second', 'Third']) {
      const made = await site.api('POST', '/api/content', {
        body: { type: 'article', data: { title } },
      })
      expect(made.status, made.text).toBe(201)
      ids.push(made.body.id)
    }
    const [first, second] = ids as [string, string, string]
    expect(
      (await site.api('PATCH', `/api/content/${first}`, { body: { data: { body: 'b' } } })).status,
    ).toBe(200)
    expect((await site.api('POST', `/api/content/${second}/publish`)).status).toBe(200)

    // Committed and answered; the relay cannot send, so every record waits in its pointer.
    const waiting = await pointers.find({ documentId: { $in: ids } }).toArray()
    expect(waiting).toHaveLength(5)
    expect(waiting.every((pointer) => pointer.audit?.chain === site.websiteId)).toBe(true)
    expect(await entries.countDocuments({ 'target.id': { $in: ids } })).toBe(0)
    // As a relay that appended this one and died before its pointer went would leave it.
    const appendedBefore = waiting.find((pointer) => pointer.documentId === first)!.audit!
    const logger = createLogger({ service: 'audit-content-sigkill', level: 'warn' })
    const store = createAuditStore(mongo.db('cms_audit'))
    await createAuditLog({ store, logger }).append(appendedBefore)

    await writer.kill()
    await amqp.start()
    await writer.start()

    await waitFor(
      async () =>
        (await pointers.countDocuments({ documentId: { $in: ids } })) === 0 ? true : undefined,
      { what: 'the outbox relayed after the restart', timeoutMs: 30_000 },
    )
    const recorded = await entries
      .find({ 'target.id': { $in: ids } })
      .sort({ seq: 1 })
      .toArray()
    expect(recorded.map((entry) => entry.id).sort()).toEqual(
      waiting.map((pointer) => pointer.audit!.id).sort(),
    )
    const actions = (id: string) =>
      recorded.filter((entry) => entry.target?.id === id).map((entry) => entry.action)
    expect(actions(first)).toEqual(['document.create', 'document.update'])
    expect(actions(second)).toEqual(['document.create', 'document.publish'])
    expect(actions(ids[2]!)).toEqual(['document.create'])

    const shown = await site.api('GET', `/api/content/${first}?draft=true`)
    expect(shown.body).toMatchObject({ version: 2, data: { title: 'First', body: 'b' } })
    await waitFor(
      () => {
        const delivered = faults.receiver.requests
          .map((request) => request.json())
          .filter((body) => ids.includes(body.document?.id))
        return delivered.length >= 5 ? delivered : undefined
      },
      { what: 'the five events delivered', timeoutMs: 30_000 },
    )

    const verified = await cms(['audit', 'verify', '--website', site.websiteId], {
      CMS_URL: faults.gatewayUrl,
      CMS_ADMIN_TOKEN: faults.stack.services.adminToken,
    })
    expect(verified.code, verified.stdout + verified.stderr).toBe(0)
  }, 120_000)
})
