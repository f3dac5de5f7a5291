import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, waitFor } from '@cms/testkit'
import type { ApiResponse, TestWebsite } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'

/**
 * Two websites with the same shapes of data. Every public endpoint is tried with website A's
 * keys and website B's ids, slugs, type names, version ids, webhook ids and delivery ids:
 * each answer is 404 (or 403 for a read key on an admin route), and B's data stays as it was.
 * The same calls with A's own ids succeed, so a 404 here is tenancy, not a broken route.
 */
interface Fixture {
  site: TestWebsite
  documentId: string
  slug: string
  versionId: string
  webhookId: string
  deliveryId: string
}

const SHARED_TYPE = {
  name: 'post',
  slugField: 'title',
  titleField: 'title',
  fields: [{ name: 'title', type: 'text', required: true }],
}

let receiver: Receiver
let a: Fixture
let b: Fixture
/** B's delivery log before A tries anything: A's redeliver attempts must not add to it. */
let bLogBefore: string[]
/** A type that only website B has. */
const ONLY_B = 'b-secret'

async function ok<T = any>(call: Promise<ApiResponse<T>>, status: number): Promise<ApiResponse<T>> {
  const response = await call
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${response.text.slice(0, 300)}`)
  }
  return response
}

async function fixture(title: string): Promise<Fixture> {
  const site = await createTestWebsite()
  await ok(site.api('POST', '/api/content-types', { body: SHARED_TYPE }), 201)
  const hook = await ok(
    site.api('POST', '/api/webhooks', {
      body: { name: `hook of ${title}`, url: `${receiver.url}/${title}`, events: ['entry.create'] },
    }),
    201,
  )
  const created = await ok(
    site.api('POST', '/api/content', { body: { type: 'post', data: { title } } }),
    201,
  )
  await ok(site.api('POST', `/api/content/${created.body.id}/publish`), 200)
  const versions = await ok(site.api('GET', `/api/content/${created.body.id}/versions`), 200)
  const deliveryId = await waitFor(
    async () => {
      const log = await site.api('GET', `/api/webhooks/${hook.body.id}/deliveries`)
      return log.body?.docs?.[0]?.id as string | undefined
    },
    { timeoutMs: 15_000, what: `a delivery for ${title}` },
  )
  return {
    site,
    documentId: created.body.id,
    slug: created.body.slug,
    versionId: versions.body.docs.at(-1).id,
    webhookId: hook.body.id,
    deliveryId,
  }
}

beforeAll(async () => {
  receiver = await startReceiver()
  ;[a, b] = await Promise.all([fixture('alpha-story'), fixture('bravo-story')])
  await ok(
    b.site.api('POST', '/api/content-types', {
      body: { name: ONLY_B, fields: [{ name: 'code', type: 'text' }] },
    }),
    201,
  )
  await ok(
    b.site.api('POST', '/api/content', { body: { type: ONLY_B, data: { code: 'b-only-value' } } }),
    201,
  )
  bLogBefore = await waitFor(
    async () => {
      const log = await b.site.api('GET', `/api/webhooks/${b.webhookId}/deliveries`)
      const ids = (log.body?.docs ?? []).map((d: { id: string }) => d.id)
      return ids.length === 2 ? ids : undefined
    },
    { timeoutMs: 15_000, what: "B's second delivery" },
  )
}, 60_000)

afterAll(async () => {
  await receiver?.close()
})

/** Every public route, addressed with the ids of `target`; bodies are valid for the route. */
function attempts(target: Fixture, own: Fixture) {
  const doc = `/api/content/${target.documentId}`
  const hook = `/api/webhooks/${target.webhookId}`
  return [
    ['GET', doc],
    ['GET', `${doc}?draft=true`],
    ['HEAD', doc],
    ['GET', `/api/content/by-slug/post/${target.slug}`],
    ['GET', `/api/content/by-slug/post/${target.slug}?draft=true`],
    ['GET', `/api/content/by-slug/${ONLY_B}/${target.slug}`],
    ['PATCH', doc, { data: { title: 'taken over' } }],
    ['DELETE', doc],
    ['POST', `${doc}/publish`],
    ['POST', `${doc}/unpublish`],
    ['GET', `${doc}/versions`],
    ['POST', `${doc}/restore/${target.versionId}`],
    ['POST', `${doc}/restore/1`],
    // The caller's own document with the other website's version id.
    ['POST', `/api/content/${own.documentId}/restore/${target.versionId}`],
    ['GET', `/api/content-types/${ONLY_B}`],
    ['PATCH', `/api/content-types/${ONLY_B}`, { label: 'taken over' }],
    ['DELETE', `/api/content-types/${ONLY_B}`],
    ['GET', hook],
    ['PATCH', hook, { name: 'taken over' }],
    ['DELETE', hook],
    ['GET', `${hook}/deliveries`],
    ['POST', `${hook}/deliveries/${target.deliveryId}/redeliver`],
    // The caller's own webhook with the other website's delivery id.
    ['POST', `/api/webhooks/${own.webhookId}/deliveries/${target.deliveryId}/redeliver`],
  ] as const
}

const READ_ROUTES = new Set(['GET', 'HEAD'])
const readScoped = (path: string) =>
  path.startsWith('/api/content') && !path.includes('/versions') && !path.includes('draft=true')

describe("tenant isolation: A's keys with B's identifiers", () => {
  it("when A's own identifiers are used, then every route answers (the routes work)", async () => {
    const own = attempts(a, a).filter(([method]) => method !== 'DELETE')
    for (const [method, path, body] of own) {
      if (path.includes(ONLY_B)) continue
      const response = await a.site.api(method, path, body ? { body } : {})
      const where = `${method} ${path}: ${response.text.slice(0, 200)}`
      expect(response.status, where).toBeLessThan(300)
    }
  })

  it("auth: a key sees its own website only — when A's admin key addresses any of B's resources on any route, then 404 every time", async () => {
    for (const [method, path, body] of attempts(b, a)) {
      const response = await a.site.api(method, path, body ? { body } : {})
      const where = `${method} ${path}: ${response.text.slice(0, 200)}`
      expect(response.status, where).toBe(404)
      if (method !== 'HEAD') expect(response.body.error.code).toBe('NOT_FOUND')
    }
  })

  it("when A's read key addresses B's resources, then 404 on read routes and 403 elsewhere", async () => {
    for (const [method, path, body] of attempts(b, a)) {
      const response = await a.site.readApi(method, path, body ? { body } : {})
      const expected = READ_ROUTES.has(method) && readScoped(path) ? 404 : 403
      expect(response.status, `${method} ${path}`).toBe(expected)
    }
  })

  it("when A lists types, webhooks and documents, then none of B's appear", async () => {
    const types = await ok(a.site.api('GET', '/api/content-types'), 200)
    expect(types.body.docs.map((t: { name: string }) => t.name)).toEqual(['post'])
    const hooks = await ok(a.site.api('GET', '/api/webhooks'), 200)
    expect(hooks.body.docs.map((h: { id: string }) => h.id)).toEqual([a.webhookId])
    const docs = await ok(a.site.api('GET', '/api/content?draft=true&limit=100'), 200)
    expect(docs.body.docs.map((d: { id: string }) => d.id)).toEqual([a.documentId])
  })

  it.each([
    ['slug', (t: Fixture) => `filters[slug][$eq]=${t.slug}`],
    ['title', () => 'filters[title][$eq]=bravo-story'],
    ['title substring', () => 'filters[title][$contains]=bravo'],
    [
      'an $or with a match-all branch',
      () => 'filters[$or][0][slug][$eq]=x&filters[$or][1][status][$ne]=none',
    ],
    ['authorId', (t: Fixture) => `filters[authorId][$eq]=${t.site.adminKeyId}`],
    ['a $not around nothing-matches', () => 'filters[$not][slug][$eq]=nothing'],
    ['B-only type', () => `type=${ONLY_B}`],
    ['B-only field', () => 'filters[code][$eq]=b-only-value'],
    ['B-only field with its type', () => `type=${ONLY_B}&filters[code][$eq]=b-only-value`],
  ])("when A filters on B's %s, then B's documents never come back", async (_, query) => {
    const response = await a.site.api('GET', `/api/content?draft=true&${query(b)}`)
    expect([200, 422]).toContain(response.status)
    const ids = (response.body.docs ?? []).map((d: { id: string }) => d.id)
    expect(ids).not.toContain(b.documentId)
    expect(response.text).not.toContain('bravo-story')
    expect(response.text).not.toContain('b-only-value')
  })

  it.each(['websiteId', '_id', 'data.websiteId', 'websiteId.$ne'])(
    'when A filters or sorts on the hidden member %s, then 422 and nothing leaks',
    async (member) => {
      for (const query of [
        `filters[${member}][$ne]=${a.site.websiteId}`,
        `filters[$or][0][${member}][$eq]=${b.site.websiteId}`,
        `sort=${member}`,
        `fields=${member}`,
      ]) {
        const response = await a.site.api('GET', `/api/content?draft=true&${query}`)
        expect(response.text).not.toContain(b.documentId)
        expect([200, 422], `${query}: ${response.status}`).toContain(response.status)
      }
    },
  )

  it("when all of that has been tried, then B's document, type, webhook and log are unchanged", async () => {
    const doc = await ok(b.site.api('GET', `/api/content/${b.documentId}`), 200)
    expect(doc.body).toMatchObject({
      status: 'published',
      version: 2,
      data: { title: 'bravo-story' },
    })
    const versions = await ok(b.site.api('GET', `/api/content/${b.documentId}/versions`), 200)
    expect(versions.body.totalDocs).toBe(2)
    const type = await ok(b.site.api('GET', `/api/content-types/${ONLY_B}`), 200)
    expect(type.body.label).toBe(ONLY_B)
    const hook = await ok(b.site.api('GET', `/api/webhooks/${b.webhookId}`), 200)
    expect(hook.body.name).toBe('hook of bravo-story')
    const log = await ok(b.site.api('GET', `/api/webhooks/${b.webhookId}/deliveries`), 200)
    expect(log.body.docs.map((d: { id: string }) => d.id)).toEqual(bLogBefore)
  })
})
