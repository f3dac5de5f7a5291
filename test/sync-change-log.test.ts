import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { internalClient, testEnv } from '@cms/testkit'
import { changesCollection } from '../services/content/src/store/collections/changes.ts'
import { createChangeLogSweep } from '../services/content/src/sync/change-log-sweep.ts'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/** The change log under `/api/sync` and the live feed, read as the feed's replay reads it. */
let mongo: MongoClient
let site: ContentSite
const changes = () => mongo.db('cms_content').collection<Record<string, unknown>>('changes')
const internal = () => internalClient(testEnv().contentReadUrl, { websiteId: site.websiteId })
const replay = async (since: number, limit = 100) =>
  (await expectStatus(internal()('GET', `/internal/changes?since=${since}&limit=${limit}`), 200))
    .body

beforeAll(async () => {
  mongo = await MongoClient.connect(testEnv().mongoUrl)
  site = await contentSite()
})
afterAll(async () => {
  await mongo.close()
})

/** A claimed seq whose writer died before inserting its version record. */
async function crashedClaim(seq: number, createdAt: Date) {
  await changes().insertOne({
    _id: `${site.websiteId}:${seq}` as never,
    websiteId: site.websiteId,
    seq,
    documentId: '00000000-0000-4000-8000-000000000000',
    type: 'article',
    version: 1,
    versionId: '00000000-0000-4000-8000-000000000000:1',
    eventId: 'lost',
    event: 'entry.create',
    createdAt,
  })
}

describe('change log', () => {
  it('sync: the change log — when a document is created, updated, published and deleted, then the replay lists four contiguous changes in order, the last a deletion', async () => {
    const doc = await site.createArticle({ title: 'Logged' })
    await expectStatus(
      site.api('PATCH', `/api/content/${doc.id}`, { body: { data: { body: 'x' } } }),
      200,
    )
    await expectStatus(site.api('POST', `/api/content/${doc.id}/publish`), 200)
    await expectStatus(site.api('DELETE', `/api/content/${doc.id}`), 204)
    const answer = await replay(0)
    // Earlier changes read as deletions once their records went with the document.
    expect(
      answer.entries.map((entry: Record<string, unknown>) => [
        entry.seq,
        entry.documentId,
        entry.type,
        entry.event,
      ]),
    ).toEqual([
      [1, doc.id, 'article', 'entry.create'],
      [2, doc.id, 'article', 'entry.update'],
      [3, doc.id, 'article', 'entry.publish'],
      [4, doc.id, 'article', 'entry.delete'],
    ])
    expect(answer.entries.at(-1).deleted).toBe(true)
    expect(answer).toMatchObject({ head: 4, through: 4 })
    expect((await replay(2, 1)).entries.map((entry: { seq: number }) => entry.seq)).toEqual([3])
  })

  it('sync: a pending change holds the log — when a writer claimed a seq and died before its version, then no read passes it until the grace period has made it void', async () => {
    const head = (await replay(0, 1000)).head as number
    await crashedClaim(head + 1, new Date())
    const after = await site.createArticle({ title: 'After the crash' })
    const held = await replay(head)
    expect(held.entries).toEqual([])
    expect(held.head).toBe(head)
    // The grace period (60 s) passes: the entry is aged as time would age it.
    await changes().updateOne(
      { _id: `${site.websiteId}:${head + 1}` as never },
      { $set: { createdAt: new Date(Date.now() - 61_000) } },
    )
    const released = await replay(head)
    expect(released.entries).toMatchObject([
      { seq: head + 2, documentId: after.id, type: 'article', event: 'entry.create' },
    ])
    expect(released.head).toBe(head + 2)
  })

  it('sync: the change log — when since is not a non-negative integer, then 422', async () => {
    for (const since of ['-1', 'x', '1.5'])
      await expectStatus(internal()('GET', `/internal/changes?since=${since}`), 422)
  })

  it("sync: a token older than the change log is gone — when the retention sweep runs, then entries older than the window go except the website's newest, and a token at a removed position is 410", async () => {
    const own = await contentSite()
    const docs = []
    for (const title of ['one', 'two', 'three']) docs.push(await own.createArticle({ title }))
    const { body } = await expectStatus(own.readApi('GET', '/api/sync?initial=true'), 200)
    const entries = () => changes().find({ websiteId: own.websiteId }).sort({ seq: 1 }).toArray()
    // Every entry is 31 days old: past the default window of 30.
    await changes().updateMany(
      { websiteId: own.websiteId },
      { $set: { createdAt: new Date(Date.now() - 31 * 86_400_000) } },
    )
    const sweep = createChangeLogSweep({
      changes: changesCollection(mongo.db('cms_content')),
      retentionDays: 30,
      clock: () => new Date(),
      logger: { info: () => undefined, warn: () => undefined },
    })
    sweep.start()
    await sweep.stop()
    expect((await entries()).map((entry) => entry.seq)).toEqual([3])
    const first = (
      await expectStatus(
        internalClient(testEnv().contentReadUrl, { websiteId: own.websiteId })(
          'GET',
          '/internal/changes?since=1',
        ),
        410,
      )
    ).body
    expect(first.error.code).toBe('GONE')
    // The head's token still reads: nothing after it was lost.
    await expectStatus(own.readApi('GET', `/api/sync?syncToken=${body.nextSyncToken}`), 200)
    const next = await own.createArticle({ title: 'four' })
    const delta = await expectStatus(own.api('GET', `/api/sync?initial=true&draft=true`), 200)
    expect(delta.body.items.map((doc: { id: string }) => doc.id)).toContain(next.id)
    expect((await entries()).map((entry) => entry.seq)).toEqual([3, 4])
  })
})
