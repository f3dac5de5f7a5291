import { randomUUID } from 'node:crypto'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, testEnv, waitFor } from '@cms/testkit'
import { createLogger } from '@cms/logger'
import type { AuditRecord } from '@cms/audit'
import { createAuditLog, createAuditStore } from '@cms/audit/store'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import { cms } from '../apps/cli/test/support/cms-under-test.ts'

let mongo: MongoClient
const auditDb = () => mongo.db('cms_audit')
const entries = () => auditDb().collection('audit_entries')
const chainOf = (chain: string) =>
  entries()
    .find({ chain }, { projection: { _id: 0 } })
    .sort({ seq: 1 })
    .toArray()

beforeAll(async () => {
  mongo = await MongoClient.connect(testEnv().mongoUrl)
})
afterAll(async () => {
  await mongo.close()
})

const DAY_MS = 86_400_000

/** A website with no entry of its own yet (its creation is the platform's). */
async function emptyWebsite(): Promise<string> {
  const created = await adminClient()('POST', '/admin/api/websites', {
    body: { name: `audit ${randomUUID()}` },
  })
  expect(created.status, created.text).toBe(201)
  return created.body.id as string
}

/** Entries of `chain` written `daysAgo` days ago, appended as the gateway appends them. */
async function appendOld(chain: string, count: number, daysAgo: number): Promise<void> {
  const store = createAuditStore(auditDb())
  const log = createAuditLog({ store, logger: createLogger({ service: 'test', level: 'silent' }) })
  for (let n = 0; n < count; n += 1) {
    const record: AuditRecord = {
      id: randomUUID(),
      time: new Date(Date.now() - daysAgo * DAY_MS + n * 1000).toISOString(),
      chain,
      actor: { kind: 'operator', id: null, name: 'admin token' },
      action: 'role.create',
      target: { kind: 'role', id: `old-${n}` },
      outcome: 'success',
    }
    await log.append(record)
  }
}

async function addRoles(websiteId: string, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const answer = await adminClient()('POST', `/admin/api/websites/${websiteId}/roles`, {
      body: { name, permissions: { read: '*' } },
    })
    expect(answer.status, answer.text).toBe(201)
  }
}

async function exportOf(websiteId: string): Promise<string> {
  const response = await fetch(`${testEnv().gatewayUrl}/admin/api/websites/${websiteId}/export`, {
    headers: { authorization: `Bearer ${testEnv().adminToken}` },
  })
  expect(response.status).toBe(200)
  return response.text()
}

async function postImport(name: string, file: string) {
  const response = await fetch(
    `${testEnv().gatewayUrl}/admin/api/websites/import?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${testEnv().adminToken}`,
        'content-type': 'application/x-ndjson',
      },
      body: file,
    },
  )
  return { status: response.status, body: (await response.json()) as any }
}

async function waitForPurgeOf(websiteId: string) {
  return waitFor(
    async () => {
      const progress = await adminClient()('GET', `/admin/api/purges/${websiteId}`)
      return progress.body.state === 'done' ? progress.body : undefined
    },
    { timeoutMs: 90_000, what: `the purge of ${websiteId}` },
  )
}

async function deleteAndPurge(websiteId: string) {
  expect((await adminClient()('DELETE', `/admin/api/websites/${websiteId}`)).status).toBe(204)
  return waitForPurgeOf(websiteId)
}

describe('audit log retention and lifecycle', () => {
  it('audit: the sweep removes old entries and what is kept verifies — when a chain has entries older than AUDIT_RETENTION_DAYS, then the sweep removes them oldest first, the head names where the kept chain starts, cms audit verify passes from there and still names an entry removed after it; a chain of old entries only keeps its last; the sweep stops at an entry that does not verify', async () => {
    const website = await emptyWebsite()
    await appendOld(website, 5, 400)
    await addRoles(website, ['kept-1', 'kept-2', 'kept-3'])
    const fifth = (await chainOf(website))[4]!
    const quiet = await emptyWebsite()
    await appendOld(quiet, 3, 500)
    const tampered = await emptyWebsite()
    await appendOld(tampered, 4, 450)
    await entries().updateOne({ chain: tampered, seq: 2 }, { $set: { action: 'role.delete' } })

    const sweeper = await startGateway({
      AUDIT_RETENTION_DAYS: '365',
      AUDIT_SWEEP_INTERVAL_MS: '200',
    })
    try {
      for (const [chain, kept] of [
        [quiet, 1],
        [tampered, 3],
      ] as const)
        await waitFor(async () => ((await chainOf(chain)).length === kept ? true : undefined), {
          timeoutMs: 30_000,
          what: 'the sweep',
        })
      await waitFor(async () => ((await chainOf(website)).length === 3 ? true : undefined), {
        timeoutMs: 30_000,
        what: 'the sweep',
      })
    } finally {
      await sweeper.stop()
    }
    expect((await chainOf(website)).map((entry) => entry.seq)).toEqual([6, 7, 8])
    expect((await chainOf(quiet)).map((entry) => entry.seq)).toEqual([3])
    // The sweep stops at an entry that does not verify: the evidence stays.
    expect((await chainOf(tampered)).map((entry) => entry.seq)).toEqual([2, 3, 4])
    const changed = await cms(['audit', 'verify', '--website', tampered])
    expect(changed.code).toBe(1)
    expect(changed.stderr).toContain('entry 2 was changed after it was written')

    const head = await adminClient()('GET', `/admin/api/audit/head?chain=${website}`)
    expect(head.body).toMatchObject({
      chain: website,
      seq: 8,
      sweptThrough: { seq: 5, hash: fifth.hash },
    })
    const verified = await cms(['audit', 'verify', '--website', website])
    expect(verified.code, verified.stderr).toBe(0)
    expect(verified.stdout).toContain('3 entries verify from 6')
    expect((await cms(['audit', 'verify', '--website', quiet])).code).toBe(0)
    // A chain that now grows links to the entry the sweep kept.
    await addRoles(quiet, ['after-sweep'])
    expect((await cms(['audit', 'verify', '--website', quiet])).code).toBe(0)

    await entries().deleteOne({ chain: website, seq: 6 })
    const removed = await cms(['audit', 'verify', '--website', website])
    expect(removed.code).toBe(1)
    expect(removed.stderr).toContain('entry 6 is missing')
  })

  it("audit: a website's purge removes its chain — when a website with entries is deleted, then its purge's audit step removes every entry of its chain and the other chains keep theirs", async () => {
    const site = await createTestWebsite()
    const other = await createTestWebsite()
    await addRoles(site.websiteId, ['editor-a', 'editor-b'])
    const before = (await chainOf(site.websiteId)).length
    expect(before).toBeGreaterThanOrEqual(4)
    const otherBefore = (await chainOf(other.websiteId)).length

    const purge = await deleteAndPurge(site.websiteId)
    const step = purge.services.find((service: any) => service.service === 'audit')
    expect(step.state).toBe('done')
    expect(step.removed.audit_entries).toBeGreaterThanOrEqual(before)
    expect(await chainOf(site.websiteId)).toEqual([])
    expect(
      await auditDb()
        .collection('audit_chains')
        .findOne({ _id: site.websiteId as never }),
    ).toBeNull()
    expect((await chainOf(other.websiteId)).length).toBe(otherBefore)
  })

  it("audit: export and import carry a website's chain — when a website is exported, purged and imported, then its entries are in the new website's chain in order with their content, re-chained, followed by the import's entry naming the source head, and the chain verifies; an export whose audit lines were edited is refused naming the line", async () => {
    const site = await createTestWebsite()
    await addRoles(site.websiteId, ['travelling-1', 'travelling-2'])
    const type = await site.api('POST', '/api/content-types', {
      body: { name: 'note', fields: [{ name: 'title', type: 'text' }] },
    })
    expect(type.status, type.text).toBe(201)
    const file = await exportOf(site.websiteId)
    const source = await chainOf(site.websiteId)
    const lines = file.trimEnd().split('\n')
    const auditLines = lines.filter((line) => line.includes('"service":"audit"'))
    // Every kept entry, the export's own among them, without the chain.
    expect(auditLines.map((line) => JSON.parse(line).record.seq)).toEqual(
      source.map((entry) => entry.seq),
    )
    expect(auditLines.join('\n')).not.toContain('"chain"')
    const sourceHead = source.at(-1)!
    await deleteAndPurge(site.websiteId)

    const isEdited = (line: string) =>
      line.includes('"travelling-1"') && line.includes('"service":"audit"')
    const edited = lines
      .map((line) => (isEdited(line) ? line.replace('"role.create"', '"role.delete"') : line))
      .join('\n')
    const refused = await postImport('edited', `${edited}\n`)
    expect(refused.status).toBe(422)
    const editedLine = lines.findIndex(isEdited) + 1
    expect(refused.body.error.details[0]).toMatchObject({
      path: `line ${editedLine}`,
      message: expect.stringContaining('was changed after it was written'),
    })
    const failed = /purges\/([0-9a-f-]{36})/.exec(refused.body.error.details.at(-1).message)![1]!
    await waitForPurgeOf(failed)
    expect(await chainOf(failed)).toEqual([])

    // A record line after the audit lines is refused too (they come last).
    const lastRecord = lines.findIndex((line) => line.includes('"service":"audit"')) - 1
    const reordered = [...lines.slice(0, lastRecord), ...lines.slice(lastRecord + 1, -1)]
    reordered.push(lines[lastRecord]!, lines.at(-1)!)
    const late = await postImport('late', `${reordered.join('\n')}\n`)
    expect(late.status).toBe(422)
    expect(late.body.error.details[0].message).toBe('the audit lines come last')
    await waitForPurgeOf(
      /purges\/([0-9a-f-]{36})/.exec(late.body.error.details.at(-1).message)![1]!,
    )

    const imported = await postImport('travelled', file)
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    expect(imported.body.imported.audit).toEqual({ audit_entries: source.length })
    const copyId = imported.body.website.id as string
    const copy = await chainOf(copyId)
    expect(copy).toHaveLength(source.length + 1)
    const content = ({ chain: _c, seq: _s, previousHash: _p, hash: _h, ...rest }: any) => rest
    expect(copy.slice(0, -1).map(content)).toEqual(source.map(content))
    expect(copy.map((entry) => entry.seq)).toEqual(copy.map((_, n) => n + 1))
    expect(copy.every((entry) => entry.chain === copyId)).toBe(true)
    expect(copy[0]!.hash).not.toBe(source[0]!.hash)
    expect(copy.at(-1)).toMatchObject({
      action: 'website.import',
      actor: { kind: 'operator' },
      target: { kind: 'website', id: copyId },
      importedFrom: { chain: site.websiteId, seq: sourceHead.seq, hash: sourceHead.hash },
    })
    const verified = await cms(['audit', 'verify', '--website', copyId, '--json'])
    expect(verified.code, verified.stderr).toBe(0)
    expect(JSON.parse(verified.stdout)).toMatchObject({ chain: copyId, checked: copy.length })
  })

  it('audit: the head export finds a truncated chain — when a gateway exports heads every interval to AUDIT_HEAD_WEBHOOK, then the webhook receives the changed chain with its seq and hash, and after the chain is cut short cms audit verify --head <seq>:<hash> exits 1 where a plain verify passes', async () => {
    const receiver = await startReceiver()
    const exporter = await startGateway({
      AUDIT_HEAD_INTERVAL_MS: '300',
      AUDIT_HEAD_WEBHOOK: `${receiver.url}/heads`,
    })
    try {
      const website = await emptyWebsite()
      await addRoles(website, ['one', 'two', 'three'])
      const head = await waitFor(
        () => {
          for (const request of receiver.requests) {
            const found = request
              .json()
              .heads.find((candidate: any) => candidate.chain === website && candidate.seq === 3)
            if (found) return found as { chain: string; seq: number; hash: string }
          }
          return undefined
        },
        { timeoutMs: 30_000, what: 'the head webhook' },
      )
      expect(receiver.requests[0]!.method).toBe('POST')
      expect(head.hash).toBe((await chainOf(website))[2]!.hash)

      const whole = await cms(['audit', 'verify', '--website', website, '--head', `3:${head.hash}`])
      expect(whole.code, whole.stderr).toBe(0)
      await entries().deleteOne({ chain: website, seq: 3 })
      expect((await cms(['audit', 'verify', '--website', website])).code).toBe(0)
      const cut = await cms(['audit', 'verify', '--website', website, '--head', `3:${head.hash}`])
      expect(cut.code).toBe(1)
      expect(cut.stderr).toContain('the chain ends at 2; the exported head is 3')
      const bad = await cms(['audit', 'verify', '--website', website, '--head', 'three'])
      expect(bad.code).not.toBe(0)
      expect(bad.stderr).toContain('--head must be <seq>:<hash>')
    } finally {
      await exporter.stop()
      await receiver.close()
    }
  })
})
