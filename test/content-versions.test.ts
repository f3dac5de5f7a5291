import { beforeAll, describe, expect, it } from 'vitest'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/** Contract section 4: versions, ETag and If-Match, restore; through the gateway. */
let site: ContentSite

beforeAll(async () => {
  site = await contentSite()
})

const get = async (id: string) =>
  (await expectStatus(site.api('GET', `/api/content/${id}?draft=true`), 200)).body
const versionsOf = async (id: string, query = '') =>
  (await expectStatus(site.api('GET', `/api/content/${id}/versions${query}`), 200)).body

describe('history', () => {
  it('versions: every change adds one version; versions: the version record — when a document is created, updated three times, published, unpublished and restored, then exactly seven versions, newest first', async () => {
    const created = await site.createArticle({ title: 'Seven', body: 'v1' })
    for (const body of ['v2', 'v3', 'v4']) {
      await expectStatus(
        site.api('PATCH', `/api/content/${created.id}`, { body: { data: { body } } }),
        200,
      )
    }
    await expectStatus(site.api('POST', `/api/content/${created.id}/publish`), 200)
    await expectStatus(site.api('POST', `/api/content/${created.id}/unpublish`), 200)
    const history = await versionsOf(created.id)
    const restored = await expectStatus(
      site.api('POST', `/api/content/${created.id}/restore/${history.docs.at(-1).id}`),
      200,
    )
    expect(restored.body).toMatchObject({
      status: 'draft',
      version: 7,
      data: { title: 'Seven', body: 'v1' },
    })

    const versions = await versionsOf(created.id)
    expect(versions).toMatchObject({
      totalDocs: 7,
      page: 1,
      limit: 20,
      totalPages: 1,
      hasNextPage: false,
      prevPage: null,
    })
    expect(
      versions.docs.map((v: any) => [
        v.version,
        v.reason,
        v.status,
        v.data.body,
        v.publishedAt === null,
      ]),
    ).toEqual([
      [7, 'restore', 'draft', 'v1', true],
      [6, 'unpublish', 'draft', 'v4', true],
      [5, 'publish', 'published', 'v4', false],
      [4, 'update', 'draft', 'v4', true],
      [3, 'update', 'draft', 'v3', true],
      [2, 'update', 'draft', 'v2', true],
      [1, 'create', 'draft', 'v1', true],
    ])
    const newest = versions.docs[0]
    expect(Object.keys(newest).sort()).toEqual(
      [
        'authorId',
        'createdAt',
        'data',
        'documentId',
        'id',
        'publishedAt',
        'reason',
        'slug',
        'status',
        'version',
      ].sort(),
    )
    expect(newest).toMatchObject({
      documentId: created.id,
      slug: created.slug,
      authorId: site.adminKeyId,
    })
    expect(new Set(versions.docs.map((v: any) => v.id)).size).toBe(7)
  })

  it('versions: listed newest first in pages — when versions are paged, then pages hold the newest first and the envelope counts them', async () => {
    const document = await site.createArticle({ title: 'Paged history' })
    for (let i = 0; i < 4; i++)
      await expectStatus(
        site.api('PATCH', `/api/content/${document.id}`, { body: { data: { views: i } } }),
        200,
      )
    const second = await versionsOf(document.id, '?page=2&limit=2')
    expect(second).toMatchObject({
      totalDocs: 5,
      limit: 2,
      totalPages: 3,
      page: 2,
      hasNextPage: true,
      hasPrevPage: true,
      nextPage: 3,
      prevPage: 1,
    })
    expect(second.docs.map((v: any) => v.version)).toEqual([3, 2])
    const past = await versionsOf(document.id, '?page=9&limit=2')
    expect(past).toMatchObject({ docs: [], totalDocs: 5, totalPages: 3, hasNextPage: false })
    for (const bad of ['?limit=101', '?limit=0', '?page=0', '?page=x']) {
      await expectStatus(site.api('GET', `/api/content/${document.id}/versions${bad}`), 422)
    }
  })

  it('versions: restore keeps the status; versions: restore copies data and slug — when a published document is restored to a draft-time version, then it stays published and the old slug comes back', async () => {
    const document = await site.createArticle({ title: 'Restore keeps status', body: 'original' })
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, {
        body: { slug: 'moved', data: { body: 'edited' } },
      }),
      200,
    )
    const published = (
      await expectStatus(site.api('POST', `/api/content/${document.id}/publish`), 200)
    ).body
    const restored = (
      await expectStatus(site.api('POST', `/api/content/${document.id}/restore/1`), 200)
    ).body
    expect(restored).toMatchObject({
      status: 'published',
      publishedAt: published.publishedAt,
      slug: document.slug,
      version: 4,
    })
    expect(restored.data).toEqual({ title: 'Restore keeps status', body: 'original' })
    expect((await versionsOf(document.id)).docs[0]).toMatchObject({
      reason: 'restore',
      version: 4,
      status: 'published',
    })
    await expectStatus(site.readApi('GET', `/api/content/by-slug/article/${document.slug}`), 200)
    await expectStatus(site.api('GET', '/api/content/by-slug/article/moved?draft=true'), 404)
  })

  it('when the slug of the restored version is now held by another document, then 409 and nothing changes', async () => {
    const document = await site.createArticle({ title: 'Slug owner' })
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, { body: { slug: 'slug-owner-moved' } }),
      200,
    )
    await site.createArticle({ title: 'Slug owner' })
    await expectStatus(site.api('POST', `/api/content/${document.id}/restore/1`), 409)
    expect((await get(document.id)).version).toBe(2)
  })
})

describe('ETag and If-Match', () => {
  it('documents: single documents carry an ETag — when a document is read by id or slug, then the ETag is its version', async () => {
    const document = await site.createArticle({ title: 'Tagged' })
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, { body: { data: { views: 1 } } }),
      200,
    )
    expect(
      (await site.api('GET', `/api/content/${document.id}?draft=true`)).headers.get('etag'),
    ).toBe('"2"')
    expect(
      (
        await site.api('GET', `/api/content/by-slug/article/${document.slug}?draft=true`)
      ).headers.get('etag'),
    ).toBe('"2"')
  })

  const writes: Array<[string, (id: string) => [string, string, Record<string, unknown>?]]> = [
    ['PATCH', (id) => ['PATCH', `/api/content/${id}`, { data: { body: 'changed' } }]],
    ['publish', (id) => ['POST', `/api/content/${id}/publish`]],
    ['unpublish', (id) => ['POST', `/api/content/${id}/unpublish`]],
    ['restore', (id) => ['POST', `/api/content/${id}/restore/1`]],
    ['DELETE', (id) => ['DELETE', `/api/content/${id}`]],
  ]

  it.each(writes)(
    'documents: a stale If-Match is 412 — when %s carries a stale If-Match, then 412 and nothing changes; the current one succeeds',
    async (name, request) => {
      const document = await site.createArticle({ title: `If-Match ${name}` })
      if (name === 'unpublish')
        await expectStatus(site.api('POST', `/api/content/${document.id}/publish`), 200)
      const before = await get(document.id)
      const [method, path, body] = request(document.id)
      const stale = await expectStatus(
        site.api(method, path, { body, headers: { 'if-match': `"${before.version - 1}"` } }),
        412,
      )
      expect(stale.body.error.code).toBe('PRECONDITION_FAILED')
      expect(await get(document.id)).toEqual(before)
      expect((await versionsOf(document.id)).totalDocs).toBe(before.version)
      const fresh = await site.api(method, path, {
        body,
        headers: { 'if-match': `"${before.version}"` },
      })
      expect([200, 204]).toContain(fresh.status)
    },
  )

  it('when If-Match is garbage, then 412; when it is *, then the write proceeds', async () => {
    const document = await site.createArticle({ title: 'Odd If-Match' })
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, {
        body: { data: {} },
        headers: { 'if-match': '"abc"' },
      }),
      412,
    )
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, {
        body: { data: {} },
        headers: { 'if-match': '*' },
      }),
      200,
    )
  })
})
