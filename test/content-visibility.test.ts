import { beforeAll, describe, expect, it } from 'vitest'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/** Contract sections 1 and 4: drafts, scopes and tenancy for documents, through the gateway. */
let site: ContentSite
let draft: any
let published: any

beforeAll(async () => {
  site = await contentSite()
  draft = await site.createArticle({ title: 'Hidden draft' })
  const toPublish = await site.createArticle({ title: 'Public post' })
  published = (await expectStatus(site.api('POST', `/api/content/${toPublish.id}/publish`), 200))
    .body
})

const idsOf = (body: { docs: Array<{ id: string }> }) => body.docs.map((doc) => doc.id).sort()

describe('drafts without draft access', () => {
  it.each(['readApi', 'api'] as const)(
    'drafts: invisible without draft access — when the %s key reads a draft by id or slug without draft=true, then 404',
    async (key) => {
      await expectStatus(site[key]('GET', `/api/content/${draft.id}`), 404)
      await expectStatus(site[key]('GET', `/api/content/by-slug/article/${draft.slug}`), 404)
    },
  )

  it.each(['readApi', 'api'] as const)(
    'drafts: invisible without draft access — when the %s key lists without draft=true, then only published documents',
    async (key) => {
      const list = await expectStatus(site[key]('GET', '/api/content'), 200)
      expect(idsOf(list.body)).toEqual([published.id])
      expect(list.body.totalDocs).toBe(1)
    },
  )

  it('auth: read keys read published content and types; slug: documents are read by slug — when the read key reads a published document by id and by slug, then it gets it with its ETag', async () => {
    const byId = await expectStatus(site.readApi('GET', `/api/content/${published.id}`), 200)
    expect(byId.body).toEqual(published)
    const bySlug = await expectStatus(
      site.readApi('GET', `/api/content/by-slug/article/${published.slug}`),
      200,
    )
    expect(bySlug.body).toEqual(published)
    expect(bySlug.headers.get('etag')).toBe(`"${published.version}"`)
  })
})

describe('draft access', () => {
  it('drafts: draft=true lists drafts and published — when the admin key asks with draft=true, then drafts and published documents are both visible', async () => {
    const list = await expectStatus(site.api('GET', '/api/content?draft=true'), 200)
    expect(idsOf(list.body)).toEqual([draft.id, published.id].sort())
    await expectStatus(site.api('GET', `/api/content/${draft.id}?draft=true`), 200)
    await expectStatus(
      site.api('GET', `/api/content/by-slug/article/${draft.slug}?draft=true`),
      200,
    )
  })

  it('auth: draft=true needs an admin key — when the read key asks with draft=true, then 403 everywhere', async () => {
    for (const path of [
      '/api/content?draft=true',
      `/api/content/${published.id}?draft=true`,
      `/api/content/by-slug/article/${published.slug}?draft=true`,
    ]) {
      const response = await expectStatus(site.readApi('GET', path), 403)
      expect(response.body.error.code).toBe('FORBIDDEN')
    }
  })

  it('drafts: writes reach drafts without draft=true — when the admin key acts on a draft without draft=true, then writes, versions and restore work', async () => {
    const document = await site.createArticle({ title: 'Admin works on drafts' })
    await expectStatus(
      site.api('PATCH', `/api/content/${document.id}`, { body: { data: { body: 'x' } } }),
      200,
    )
    await expectStatus(site.api('GET', `/api/content/${document.id}/versions`), 200)
    await expectStatus(site.api('POST', `/api/content/${document.id}/restore/1`), 200)
    await expectStatus(site.api('DELETE', `/api/content/${document.id}`), 204)
  })
})

describe('scopes', () => {
  it('documents: writes need an admin key; auth: a missing scope is 403 — when the read key tries any write or the version list, then 403 and nothing changes', async () => {
    const attempts: Array<[string, string, unknown?]> = [
      ['POST', '/api/content', { type: 'article', data: { title: 'x' } }],
      ['PATCH', `/api/content/${published.id}`, { data: { body: 'x' } }],
      ['DELETE', `/api/content/${published.id}`],
      ['POST', `/api/content/${published.id}/publish`],
      ['POST', `/api/content/${published.id}/unpublish`],
      ['POST', `/api/content/${published.id}/restore/1`],
      ['GET', `/api/content/${published.id}/versions`],
    ]
    for (const [method, path, body] of attempts) {
      const response = await expectStatus(
        site.readApi(method, path, body === undefined ? {} : { body }),
        403,
      )
      expect(response.body.error.code).toBe('FORBIDDEN')
    }
    expect(
      (await expectStatus(site.readApi('GET', `/api/content/${published.id}`), 200)).body,
    ).toEqual(published)
  })
})

describe('tenancy', () => {
  it('auth: a key sees its own website only — when another website uses ids and slugs of this one, then nothing is found or changed', async () => {
    const other = await contentSite()
    await expectStatus(other.api('GET', `/api/content/${published.id}`), 404)
    await expectStatus(other.api('GET', `/api/content/${draft.id}?draft=true`), 404)
    await expectStatus(
      other.api('GET', `/api/content/by-slug/article/${published.slug}?draft=true`),
      404,
    )
    await expectStatus(
      other.api('PATCH', `/api/content/${published.id}`, { body: { data: { body: 'x' } } }),
      404,
    )
    await expectStatus(other.api('DELETE', `/api/content/${draft.id}`), 404)
    await expectStatus(other.api('GET', `/api/content/${published.id}/versions`), 404)
    await expectStatus(other.api('POST', `/api/content/${published.id}/restore/1`), 404)
    const list = await expectStatus(other.api('GET', '/api/content?draft=true'), 200)
    expect(list.body.totalDocs).toBe(0)
    expect(
      (await expectStatus(site.readApi('GET', `/api/content/${published.id}`), 200)).body,
    ).toEqual(published)
  })
})

describe('list envelope', () => {
  it('queries: the list envelope; queries: a page past the end is empty — when a list is paged, then the envelope follows spec 2.6 and a page past the end is empty with totals', async () => {
    const page = await expectStatus(site.api('GET', '/api/content?draft=true&limit=1&page=2'), 200)
    expect(page.body).toMatchObject({
      totalDocs: 2,
      limit: 1,
      totalPages: 2,
      page: 2,
      hasNextPage: false,
      hasPrevPage: true,
      nextPage: null,
      prevPage: 1,
    })
    expect(page.body.docs).toHaveLength(1)
    const past = await expectStatus(site.api('GET', '/api/content?draft=true&page=5'), 200)
    expect(past.body).toMatchObject({
      docs: [],
      totalDocs: 2,
      totalPages: 1,
      page: 5,
      hasNextPage: false,
      nextPage: null,
      hasPrevPage: true,
      prevPage: 1,
    })
  })

  it('queries: fields keep the document shape — when fields are selected, then documents keep their shape and always carry id', async () => {
    const list = await expectStatus(
      site.api('GET', '/api/content?draft=true&fields=title,slug&sort=slug'),
      200,
    )
    expect(list.body.docs).toEqual(
      [
        { id: draft.id, slug: draft.slug, data: { title: draft.data.title } },
        { id: published.id, slug: published.slug, data: { title: published.data.title } },
      ].sort((a, b) => a.slug.localeCompare(b.slug)),
    )
  })

  it('queries: every member follows fields — when fields names or excludes the computed members (hasPendingDraft, scheduledPublishAt, scheduledUnpublishAt), then each is shown or dropped exactly like a stored member', async () => {
    const list = (query: string) =>
      expectStatus(site.api('GET', `/api/content?draft=true&sort=slug&${query}`), 200).then(
        (answer) => answer.body.docs as Array<Record<string, unknown>>,
      )
    for (const doc of await list('fields=type,status,createdAt'))
      expect(Object.keys(doc).sort()).toEqual(['createdAt', 'id', 'status', 'type'])
    for (const doc of await list('fields=hasPendingDraft,scheduledPublishAt'))
      expect(doc).toEqual({ id: doc.id, hasPendingDraft: false, scheduledPublishAt: null })
    for (const doc of await list('fields=-slug,-status')) {
      expect(doc).not.toHaveProperty('slug')
      expect(doc).not.toHaveProperty('status')
      expect(doc).toMatchObject({
        hasPendingDraft: false,
        scheduledPublishAt: null,
        scheduledUnpublishAt: null,
      })
    }
    const whole = await list('')
    const withoutOne = await list('fields=-hasPendingDraft')
    expect(withoutOne).toEqual(whole.map(({ hasPendingDraft: _dropped, ...rest }) => rest))
  })
})
