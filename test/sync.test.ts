import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCmsClient } from '@cms/client'
import type { SyncPage } from '@cms/client'
import { createTestWebsite, testEnv } from '@cms/testkit'
import { contentSite, defineType, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'
import { createRole, issueKey } from './permissions-kit.ts'
import { deltaOf, essence, fullList, sorted, syncInto } from './sync-kit.ts'

/** GET /api/sync through the gateway (docs/sync.md). */
let mongo: MongoClient
let site: ContentSite
const changes = () => mongo.db('cms_content').collection<Record<string, unknown>>('changes')

beforeAll(async () => {
  mongo = await MongoClient.connect(testEnv().mongoUrl)
  site = await contentSite()
})
afterAll(async () => {
  await mongo.close()
})

const publish = (id: string, on: ContentSite = site) =>
  expectStatus(on.api('POST', `/api/content/${id}/publish`), 200)
/** A published article (created as a draft, then published). */
async function published(title: string, on: ContentSite = site) {
  const doc = await on.createArticle({ title })
  return (await publish(doc.id, on)).body
}
const patch = (id: string, data: Record<string, unknown>) =>
  expectStatus(site.api('PATCH', `/api/content/${id}`, { body: { data } }), 200)

describe('initial sync', { timeout: 180_000 }, () => {
  it('sync: an initial sync pages through every document the caller may read — when 105 published articles, 5 drafts and 3 events exist and a key may read articles only, then it pages them (100 a page) and ends with a nextSyncToken; drafts only with draft access', async () => {
    const own = await contentSite()
    await defineType(own.api, { name: 'event', fields: [{ name: 'name', type: 'text' }] })
    // Ten at a time: 210 writes at once queue behind one another past the gateway's time-out.
    const created = []
    for (let batch = 0; batch < 105; batch += 10)
      created.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, 105 - batch) }, (_, n) =>
            published(`Article ${batch + n}`, own),
          ),
        )),
      )
    const drafts = await Promise.all(
      Array.from({ length: 5 }, (_, n) => own.createArticle({ title: `Draft ${n}` })),
    )
    for (const name of ['a', 'b', 'c']) {
      const event = await expectStatus(
        own.api('POST', '/api/content', { body: { type: 'event', data: { name } } }),
        201,
      )
      await publish(event.body.id, own)
    }
    await createRole(own.websiteId, 'article-reader', { read: ['article'] })
    const articles = (await issueKey(own.websiteId, { role: 'article-reader' })).api

    const synced = await syncInto(articles, '/api/sync?initial=true')
    expect(synced.pages.map((page) => page.items.length)).toEqual([100, 5])
    expect(sorted(synced.docs)).toEqual(sorted(await fullList(articles)))
    expect([...synced.docs.keys()].sort()).toEqual(created.map((doc) => doc.id).sort())

    const everything = await syncInto(own.readApi, '/api/sync?initial=true')
    expect(everything.docs.size).toBe(108)
    await expectStatus(own.readApi('GET', '/api/sync?initial=true&draft=true'), 403)
    const withDrafts = await syncInto(own.api, '/api/sync?initial=true&draft=true')
    expect(withDrafts.docs.size).toBe(113)
    for (const draft of drafts) expect(withDrafts.docs.get(draft.id)?.status).toBe('draft')
    expect(sorted(withDrafts.docs)).toEqual(sorted(await fullList(own.api, '&draft=true')))

    const events = await syncInto(own.readApi, '/api/sync?initial=true&type=event')
    expect([...events.docs.values()].map((doc) => doc.data.name).sort()).toEqual(['a', 'b', 'c'])
    // As for lists, the gateway refuses a type the key may not read.
    await expectStatus(articles('GET', '/api/sync?initial=true&type=event'), 403)
  })
})

describe('delta sync', { timeout: 180_000 }, () => {
  it('sync: a delta answers exactly the changes since its token — when documents are created, updated, published, unpublished, deleted and restored, then the published view gets their states and deletions and the draft view their drafts', async () => {
    const stays = await published('Stays')
    const edited = await published('Edited')
    const unpublished = await published('Unpublished')
    const removed = await published('Removed')
    const restored = await site.createArticle({ title: 'Restored v1' })
    const live0 = (await syncInto(site.readApi, '/api/sync?initial=true')).token
    const drafts = (await syncInto(site.api, '/api/sync?initial=true&draft=true')).token

    const fresh = await site.createArticle({ title: 'Fresh' })
    const freshLive = await published('Fresh live')
    await patch(edited.id, { body: 'changed' })
    await expectStatus(site.api('POST', `/api/content/${unpublished.id}/unpublish`), 200)
    await expectStatus(site.api('DELETE', `/api/content/${removed.id}`), 204)
    await patch(restored.id, { title: 'Restored v2' })
    const history = (await site.api('GET', `/api/content/${restored.id}/versions`)).body.docs
    await expectStatus(
      site.api('POST', `/api/content/${restored.id}/restore/${history.at(-1).id}`),
      200,
    )
    await publish(restored.id)

    const live = await syncInto(site.readApi, `/api/sync?syncToken=${live0}`)
    const items = live.pages.flatMap((page) => page.items)
    const deleted = live.pages.flatMap((page) => page.deleted)
    expect(items.map((doc: any) => [doc.id, doc.status, doc.data.title]).sort()).toEqual(
      [
        [freshLive.id, 'published', 'Fresh live'],
        [edited.id, 'published', 'Edited'],
        [restored.id, 'published', 'Restored v1'],
      ].sort(),
    )
    expect(items.find((doc: any) => doc.id === edited.id).data.body).toBe('changed')
    expect(deleted.sort()).toEqual([unpublished.id, removed.id].sort())
    expect(items.concat(deleted).some((entry: any) => (entry.id ?? entry) === stays.id)).toBe(false)
    expect(items.some((doc: any) => doc.id === fresh.id)).toBe(false)

    const draftView = await syncInto(site.api, `/api/sync?syncToken=${drafts}`)
    const draftItems = draftView.pages.flatMap((page) => page.items)
    expect(draftItems.map((doc: any) => [doc.id, doc.data.title]).sort()).toEqual(
      [
        [fresh.id, 'Fresh'],
        [freshLive.id, 'Fresh live'],
        [edited.id, 'Edited'],
        [unpublished.id, 'Unpublished'],
        [restored.id, 'Restored v1'],
      ].sort(),
    )
    expect(draftView.pages.flatMap((page) => page.deleted)).toEqual([removed.id])
    expect(sorted(draftView.docs)).toEqual(
      sorted(
        new Map([...draftView.docs].filter(([id]) => draftItems.some((doc: any) => doc.id === id))),
      ),
    )

    const again = await deltaOf(site.readApi, live)
    expect(again.pages).toEqual([{ items: [], deleted: [], nextSyncToken: again.token }])
  })
})

describe('tokens', () => {
  it('sync: tokens are opaque and checked — when a token is changed, belongs to another website, or comes with its own choices, then 422', async () => {
    const { token } = await syncInto(site.readApi, '/api/sync?initial=true')
    const [body, signature] = token.split('.') as [string, string]
    const wire = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    const moved = Buffer.from(JSON.stringify({ ...wire, s: wire.s + 7 })).toString('base64url')
    const other = await createTestWebsite()
    for (const [api, tampered] of [
      [site.readApi, `${moved}.${signature}`],
      [site.readApi, `${body}.${signature.slice(1)}A`],
      [site.readApi, `${token}x`],
      [other.readApi, token],
    ] as const) {
      const answer = await expectStatus(api('GET', `/api/sync?syncToken=${tampered}`), 422)
      expect(answer.body.error.code).toBe('VALIDATION_ERROR')
    }
    await expectStatus(site.readApi('GET', `/api/sync?syncToken=${token}&type=article`), 422)
    await expectStatus(site.readApi('GET', '/api/sync'), 422)
    await expectStatus(site.readApi('GET', '/api/sync?initial=yes'), 422)
    await expectStatus(site.readApi('GET', '/api/sync?initial=true&type=nosuch'), 422)
  })

  it('sync: a token older than the change log is gone — when the retention sweep removed its position, then 410 GONE with the instruction to sync from scratch', async () => {
    await published('Before the token')
    const { token } = await syncInto(site.readApi, '/api/sync?initial=true')
    const seq = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).s
    await published('After the token')
    // What the sweep does to entries past the window (CHANGE_LOG_RETENTION_DAYS).
    await changes().deleteMany({ websiteId: site.websiteId, seq: { $lte: seq } })
    const answer = await expectStatus(site.readApi('GET', `/api/sync?syncToken=${token}`), 410)
    expect(answer.body.error.code).toBe('GONE')
    expect(answer.body.error.message).toMatch(/initial=true/)
  })
})

describe('client', () => {
  it('sync: @cms/client iterates the pages — when client.sync is iterated from initial and then from its token, then it follows nextPageToken and its last page carries the nextSyncToken', async () => {
    const client = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: site.readKey })
    const collect = async (pages: AsyncGenerator<SyncPage>) => {
      const seen: SyncPage[] = []
      for await (const page of pages) seen.push(page)
      return seen
    }
    const initial = await collect(client.sync({ initial: true }))
    const token = initial.at(-1)!.nextSyncToken!
    expect(token).toEqual(expect.any(String))
    expect(initial.slice(0, -1).every((page) => page.nextPageToken !== undefined)).toBe(true)
    expect(
      sorted(new Map(initial.flatMap((page) => page.items).map((doc) => [doc.id, essence(doc)]))),
    ).toEqual(sorted(await fullList(site.readApi)))
    const fresh = await published('Through the client')
    const delta = await collect(client.sync({ syncToken: token }))
    expect(delta.flatMap((page) => page.items).map((doc) => doc.id)).toEqual([fresh.id])
    await expect(collect(client.sync({ syncToken: `${token}x` }))).rejects.toMatchObject({
      status: 422,
    })
  })
})
