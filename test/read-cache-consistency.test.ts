import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonClient, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import { startGateway } from '../services/gateway/test/support/gateway-under-test.ts'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/**
 * The gateway's read cache against the real services: a read sent after a write's answer never
 * shows the old content, on the gateway that took the write and, within a second, on another
 * gateway sharing Redis. Reads are made twice before each write so the cache holds them.
 */
let site: ContentSite
let second: RunningGateway

beforeAll(async () => {
  site = await contentSite()
  second = await startGateway()
}, 60_000)

afterAll(async () => {
  await second?.stop()
})

interface Seen {
  listed: string[]
  totalDocs: number
  byId: { status: number; title?: string }
  bySlug: { status: number; title?: string }
}

/** The three published reads of one document, each sent twice (the second from the cache). */
async function published(api: ApiCall, doc: { id: string; slug: string }): Promise<Seen> {
  let seen: Seen | undefined
  for (let round = 0; round < 2; round++) {
    const [list, byId, bySlug] = await Promise.all([
      api('GET', '/api/content?type=article&sort=createdAt'),
      api('GET', `/api/content/${doc.id}`),
      api('GET', `/api/content/by-slug/article/${doc.slug}`),
    ])
    seen = {
      listed: list.body.docs.map((listedDoc: { data: { title: string } }) => listedDoc.data.title),
      totalDocs: list.body.totalDocs,
      byId: { status: byId.status, title: byId.body?.data?.title },
      bySlug: { status: bySlug.status, title: bySlug.body?.data?.title },
    }
  }
  return seen!
}

const shows = (title: string): Seen => ({
  listed: [title],
  totalDocs: 1,
  byId: { status: 200, title },
  bySlug: { status: 200, title },
})
const hidden = (others: string[] = []): Seen => ({
  listed: others,
  totalDocs: others.length,
  byId: { status: 404, title: undefined },
  bySlug: { status: 404, title: undefined },
})

describe('read cache: a read after a write', () => {
  it('when a document is created, published, updated, restored, unpublished, republished and deleted, then every read after each answer shows the change', async () => {
    const read = site.readApi
    const doc = await site.createArticle({ title: 'first', slug: 'cache-walk' })
    expect(await published(read, doc)).toEqual(hidden())

    await expectStatus(site.api('POST', `/api/content/${doc.id}/publish`), 200)
    expect(await published(read, doc)).toEqual(shows('first'))

    const other = await site.createArticle({ title: 'other', slug: 'cache-other' })
    expect(await published(read, doc)).toEqual(shows('first'))
    await expectStatus(site.api('POST', `/api/content/${other.id}/publish`), 200)
    expect(await published(read, doc)).toEqual({
      ...shows('first'),
      listed: ['first', 'other'],
      totalDocs: 2,
    })

    await expectStatus(
      site.api('PATCH', `/api/content/${doc.id}`, { body: { data: { title: 'second' } } }),
      200,
    )
    expect(await published(read, doc)).toMatchObject({
      listed: ['second', 'other'],
      byId: { status: 200, title: 'second' },
      bySlug: { status: 200, title: 'second' },
    })

    const versions = await expectStatus(site.api('GET', `/api/content/${doc.id}/versions`), 200)
    const firstVersion = versions.body.docs.find(
      (version: { reason: string }) => version.reason === 'create',
    )
    await expectStatus(site.api('POST', `/api/content/${doc.id}/restore/${firstVersion.id}`), 200)
    expect(await published(read, doc)).toMatchObject({
      listed: ['first', 'other'],
      byId: { status: 200, title: 'first' },
      bySlug: { status: 200, title: 'first' },
    })

    await expectStatus(site.api('POST', `/api/content/${doc.id}/unpublish`), 200)
    expect(await published(read, doc)).toEqual(hidden(['other']))

    await expectStatus(site.api('POST', `/api/content/${doc.id}/publish`), 200)
    expect(await published(read, doc)).toMatchObject({ listed: ['first', 'other'], totalDocs: 2 })

    await expectStatus(site.api('DELETE', `/api/content/${doc.id}`), 204)
    expect(await published(read, doc)).toEqual(hidden(['other']))
  })

  it('when a write goes through one gateway, then another gateway sharing Redis shows it within a second', async () => {
    const doc = await site.createArticle({ title: 'elsewhere', slug: 'cache-elsewhere' })
    await expectStatus(site.api('POST', `/api/content/${doc.id}/publish`), 200)
    const secondRead = jsonClient(second.url, { 'x-api-key': site.readKey })
    await waitFor(
      async () =>
        (await published(secondRead, doc)).byId.title === 'elsewhere' ? true : undefined,
      { what: 'the second gateway to serve the document' },
    )
    await expectStatus(
      site.api('PATCH', `/api/content/${doc.id}`, { body: { data: { title: 'changed' } } }),
      200,
    )
    const seen = await waitFor(
      async () => {
        const now = await published(secondRead, doc)
        return now.byId.title === 'changed' && now.bySlug.title === 'changed' ? now : undefined
      },
      { timeoutMs: 1000, intervalMs: 50, what: 'the second gateway to show the change' },
    )
    expect(seen.listed).toContain('changed')
  })
})

describe('read cache: conditional reads through the services', () => {
  it('when a list or a document is read again with its ETag, then 304; after a change, 200', async () => {
    const doc = await site.createArticle({ title: 'tagged', slug: 'cache-tagged' })
    await expectStatus(site.api('POST', `/api/content/${doc.id}/publish`), 200)
    const list = '/api/content?type=article&filters[slug][$eq]=cache-tagged'
    for (const path of [list, `/api/content/${doc.id}`]) {
      const first = await expectStatus(site.readApi('GET', path), 200)
      const etag = first.headers.get('etag')!
      const again = await site.readApi('GET', path, { headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
      expect(again.text).toBe('')
    }
    const listTag = (await site.readApi('GET', list)).headers.get('etag')!
    const docTag = (await site.readApi('GET', `/api/content/${doc.id}`)).headers.get('etag')!
    await expectStatus(
      site.api('PATCH', `/api/content/${doc.id}`, { body: { data: { title: 'retagged' } } }),
      200,
    )
    const listAfter = await site.readApi('GET', list, { headers: { 'if-none-match': listTag } })
    expect(listAfter.status).toBe(200)
    expect(listAfter.body.docs[0].data.title).toBe('retagged')
    const docAfter = await site.readApi('GET', `/api/content/${doc.id}`, {
      headers: { 'if-none-match': docTag },
    })
    expect(docAfter.status).toBe(200)
    expect(docAfter.body.data.title).toBe('retagged')
  })
})

describe('read cache: drafts and websites stay apart', () => {
  it('when drafts have been read with draft access, then published reads of the same paths never show them', async () => {
    const draft = await site.createArticle({ title: 'secret draft', slug: 'cache-draft' })
    const withDrafts = await expectStatus(
      site.api('GET', '/api/content?type=article&draft=true'),
      200,
    )
    expect(withDrafts.body.docs.map((d: { id: string }) => d.id)).toContain(draft.id)
    await expectStatus(site.api('GET', `/api/content/${draft.id}?draft=true`), 200)
    for (const api of [site.readApi, site.api, site.readApi]) {
      const list = await expectStatus(api('GET', '/api/content?type=article'), 200)
      expect(list.body.docs.map((d: { id: string }) => d.id)).not.toContain(draft.id)
      expect((await api('GET', `/api/content/${draft.id}`)).status).toBe(404)
      expect((await api('GET', '/api/content/by-slug/article/cache-draft')).status).toBe(404)
    }
  })

  it('when two websites read the same paths, then each gets its own documents', async () => {
    const other = await contentSite()
    const mine = await site.createArticle({ title: 'mine', slug: 'cache-same' })
    const theirs = await other.createArticle({ title: 'theirs', slug: 'cache-same' })
    await expectStatus(site.api('POST', `/api/content/${mine.id}/publish`), 200)
    await expectStatus(other.api('POST', `/api/content/${theirs.id}/publish`), 200)
    const path = '/api/content/by-slug/article/cache-same'
    const list = '/api/content?type=article&filters[slug][$eq]=cache-same'
    for (let round = 0; round < 2; round++) {
      expect((await site.readApi('GET', path)).body.data.title).toBe('mine')
      expect((await other.readApi('GET', path)).body.data.title).toBe('theirs')
      expect((await site.readApi('GET', list)).body.docs.map((d: { id: string }) => d.id)).toEqual([
        mine.id,
      ])
      expect((await other.readApi('GET', list)).body.docs.map((d: { id: string }) => d.id)).toEqual(
        [theirs.id],
      )
      expect((await other.readApi('GET', `/api/content/${mine.id}`)).status).toBe(404)
    }
  })
})
