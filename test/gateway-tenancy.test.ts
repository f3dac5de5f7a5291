import { beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, jsonClient, testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'

let siteA: TestWebsite
let siteB: TestWebsite
let published: { id: string; slug: string }
let draft: { id: string; slug: string }

const POST_TYPE = {
  name: 'post',
  label: 'Post',
  slugField: 'title',
  titleField: 'title',
  fields: [{ name: 'title', label: 'Title', type: 'text', required: true }],
}

beforeAll(async () => {
  ;[siteA, siteB] = await Promise.all([createTestWebsite(), createTestWebsite()])
  for (const site of [siteA, siteB]) {
    const created = await site.api('POST', '/api/content-types', { body: POST_TYPE })
    expect(created.status, created.text).toBe(201)
  }
  const first = await siteA.api('POST', '/api/content', {
    body: { type: 'post', data: { title: 'Only for A' } },
  })
  expect(first.status, first.text).toBe(201)
  const publishing = await siteA.api('POST', `/api/content/${first.body.id}/publish`)
  expect(publishing.status, publishing.text).toBe(200)
  published = { id: first.body.id, slug: first.body.slug }
  const second = await siteA.api('POST', '/api/content', {
    body: { type: 'post', data: { title: 'A draft' } },
  })
  expect(second.status, second.text).toBe(201)
  draft = { id: second.body.id, slug: second.body.slug }
})

describe('tenancy through the gateway', () => {
  it("auth: a key sees its own website only — when website B's keys ask for A's documents by list, id or slug, then they never see them", async () => {
    for (const api of [siteB.api, siteB.readApi]) {
      const list = await api('GET', '/api/content')
      expect(list.status).toBe(200)
      expect(list.body.docs).toEqual([])
      expect((await api('GET', `/api/content/${published.id}`)).status).toBe(404)
      expect((await api('GET', `/api/content/by-slug/post/${published.slug}`)).status).toBe(404)
    }
    const filtered = await siteB.api(
      'GET',
      `/api/content?draft=true&filters[slug][$eq]=${published.slug}`,
    )
    expect(filtered.status).toBe(200)
    expect(filtered.body.docs).toEqual([])
  })

  it("when B forges A's website id in the internal headers, then B still sees only B", async () => {
    const forged = jsonClient(testEnv().gatewayUrl, {
      'x-api-key': siteB.adminKey,
      'x-website-id': siteA.websiteId,
      'x-internal-token': testEnv().internalToken,
      'x-key-scope': 'admin',
    })
    expect((await forged('GET', `/api/content/${published.id}`)).status).toBe(404)
    expect((await forged('GET', '/api/content?draft=true')).body.docs).toEqual([])
  })

  it("when B's admin key tries to change or delete A's document, then 404 and A's document is unchanged", async () => {
    expect(
      (
        await siteB.api('PATCH', `/api/content/${published.id}`, {
          body: { data: { title: 'hijacked' } },
        })
      ).status,
    ).toBe(404)
    expect((await siteB.api('DELETE', `/api/content/${published.id}`)).status).toBe(404)
    expect((await siteB.api('POST', `/api/content/${published.id}/unpublish`)).status).toBe(404)
    const mine = await siteA.readApi('GET', `/api/content/${published.id}`)
    expect(mine.status).toBe(200)
    expect(mine.body.data.title).toBe('Only for A')
  })

  it('when each website lists its content types, then it sees its own only', async () => {
    const a = await siteA.readApi('GET', '/api/content-types')
    const b = await siteB.readApi('GET', '/api/content-types')
    expect(a.body.docs.map((type: { id: string }) => type.id)).not.toEqual(
      b.body.docs.map((type: { id: string }) => type.id),
    )
    expect(b.body.docs).toHaveLength(1)
  })
})

describe('scopes and drafts through the gateway', () => {
  it('when a read key asks for drafts, then 403; when it reads a draft by id, then 404', async () => {
    const drafts = await siteA.readApi('GET', '/api/content?draft=true')
    expect(drafts.status).toBe(403)
    expect(drafts.body.error.code).toBe('FORBIDDEN')
    expect((await siteA.readApi('GET', `/api/content/${draft.id}`)).status).toBe(404)
    expect((await siteA.readApi('GET', `/api/content/${draft.id}?draft=true`)).status).toBe(403)
  })

  it('when an admin key asks for drafts, then drafts and published documents are listed', async () => {
    const all = await siteA.api('GET', '/api/content?draft=true')
    expect(all.status).toBe(200)
    expect(all.body.docs.map((doc: { id: string }) => doc.id).sort()).toEqual(
      [draft.id, published.id].sort(),
    )
  })

  it('when a read key writes, then 403 and nothing is created', async () => {
    const response = await siteA.readApi('POST', '/api/content', {
      body: { type: 'post', data: { title: 'nope' } },
    })
    expect(response.status).toBe(403)
    const all = await siteA.api('GET', '/api/content?draft=true')
    expect(all.body.totalDocs).toBe(2)
  })

  it('when a document is read, then its ETag passes through the gateway', async () => {
    const response = await siteA.readApi('GET', `/api/content/${published.id}`)
    expect(response.headers.get('etag')).toBeTruthy()
  })

  it('errors: malformed JSON is 422; errors: one error shape — when malformed JSON is written, then 422 VALIDATION_ERROR in the contract shape', async () => {
    const response = await siteA.api('POST', '/api/content', {
      rawBody: '{"type": "post", "data": ',
    })
    expect(response.status).toBe(422)
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect(response.text).not.toMatch(/at .+\.(ts|js):\d+/)
  })
})

describe('admin read views through the gateway', () => {
  const admin = () => adminClient()

  it('when the operator looks at a website, then its content types and documents, drafts included, are shown', async () => {
    const types = await admin()('GET', `/admin/api/websites/${siteA.websiteId}/content-types`)
    expect(types.status).toBe(200)
    expect(types.body.docs.map((type: { name: string }) => type.name)).toEqual(['post'])
    const documents = await admin()(
      'GET',
      `/admin/api/websites/${siteA.websiteId}/documents?limit=10`,
    )
    expect(documents.status).toBe(200)
    expect(documents.body.docs.map((doc: { id: string }) => doc.id).sort()).toEqual(
      [draft.id, published.id].sort(),
    )
    const one = await admin()('GET', `/admin/api/websites/${siteA.websiteId}/documents/${draft.id}`)
    expect(one.status).toBe(200)
    expect(one.body.status).toBe('draft')
    const versions = await admin()(
      'GET',
      `/admin/api/websites/${siteA.websiteId}/documents/${published.id}/versions`,
    )
    expect(versions.status).toBe(200)
    expect(versions.body.docs.length).toBeGreaterThanOrEqual(2)
  })

  it("when the operator looks at B, then A's documents are not there", async () => {
    const documents = await admin()('GET', `/admin/api/websites/${siteB.websiteId}/documents`)
    expect(documents.body.docs).toEqual([])
    expect(
      (await admin()('GET', `/admin/api/websites/${siteB.websiteId}/documents/${published.id}`))
        .status,
    ).toBe(404)
  })

  it('when the operator looks at webhooks, then the list and a delivery log are shown', async () => {
    const hook = await siteA.api('POST', '/api/webhooks', {
      body: { name: 'log', url: 'http://127.0.0.1:9/hook', events: ['entry.publish'] },
    })
    expect(hook.status, hook.text).toBe(201)
    const hooks = await admin()('GET', `/admin/api/websites/${siteA.websiteId}/webhooks`)
    expect(hooks.status).toBe(200)
    expect(hooks.body.docs.map((h: { id: string }) => h.id)).toEqual([hook.body.id])
    const deliveries = await admin()(
      'GET',
      `/admin/api/websites/${siteA.websiteId}/webhooks/${hook.body.id}/deliveries`,
    )
    expect(deliveries.status).toBe(200)
    expect(deliveries.body.docs).toEqual(expect.any(Array))
  })

  it('when the website is unknown or the view is written to, then 404 and 405', async () => {
    expect(
      (await admin()('GET', '/admin/api/websites/00000000-0000-4000-8000-00000000000f/documents'))
        .status,
    ).toBe(404)
    const write = await admin()('POST', `/admin/api/websites/${siteA.websiteId}/documents`, {
      body: {},
    })
    expect(write.status).toBe(405)
    expect(write.body.error.code).toBe('METHOD_NOT_ALLOWED')
  })
})
