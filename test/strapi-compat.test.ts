import qs from 'qs'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, jsonClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/**
 * A Strapi frontend pointed at this API: its query strings built with `qs.stringify` exactly as
 * Strapi's REST documentation shows, its key sent as `Authorization: Bearer <key>`. Each query is
 * sent with both header forms, which must answer alike.
 */
let site: ContentSite
const byTitle = new Map<string, string>()

/** Published, so read keys see them; `views` orders them, titles are distinct. */
const ARTICLES = [
  { title: 'Xylophone lessons', views: 50 },
  { title: 'Boxing basics', views: 40 },
  { title: 'Alpha', views: 30 },
  { title: 'Taxes explained', views: 20 },
  { title: 'Gamma', views: 10 },
]

beforeAll(async () => {
  site = await contentSite()
  for (const data of ARTICLES) {
    const created = await site.createArticle({ ...data, body: 'text' })
    await expectStatus(site.api('POST', `/api/content/${created.id}/publish`), 200)
    byTitle.set(data.title, created.id)
  }
  // A draft that matches every filter below: a read key must never see it.
  await site.createArticle({ title: 'Xenon draft', views: 99 })
})

const gateway = () => testEnv().gatewayUrl
const bearer = (key: string, headers: Record<string, string> = {}): ApiCall =>
  jsonClient(gateway(), { authorization: `Bearer ${key}`, ...headers })
const xApiKey = (key: string): ApiCall => jsonClient(gateway(), { 'x-api-key': key })

/** Strapi's own call: `GET /api/content?<qs.stringify(query, {encodeValuesOnly: true})>`. */
const strapiQuery = (query: object): string =>
  `/api/content?${qs.stringify(query, { encodeValuesOnly: true })}`

/** The same GET with both header forms; the bodies must be equal. */
async function withBothForms(key: string, path: string, status = 200) {
  const [asBearer, asHeader] = await Promise.all([
    expectStatus(bearer(key)('GET', path), status),
    expectStatus(xApiKey(key)('GET', path), status),
  ])
  expect(asBearer.body, path).toEqual(asHeader.body)
  return asBearer.body
}

const titles = (body: { docs: Array<{ data: { title: string } }> }) =>
  body.docs.map((doc) => doc.data.title)
const detailsOf = (body: { error: { details: Array<{ path: string; message: string }> } }) =>
  body.error.details

describe("Strapi's query strings through the gateway", () => {
  it("queries: Strapi's qs.stringify queries; queries: Strapi's array forms — when filters, sort, pagination and fields are written by qs.stringify as Strapi's docs show, then both header forms get the filtered, sorted, paged and selected list", async () => {
    const path = strapiQuery({
      filters: { title: { $containsi: 'x' } },
      sort: ['title:asc'],
      pagination: { page: 1, pageSize: 10 },
      fields: ['title'],
    })
    expect(decodeURIComponent(path)).toBe(
      '/api/content?filters[title][$containsi]=x&sort[0]=title:asc&pagination[page]=1&pagination[pageSize]=10&fields[0]=title',
    )
    const body = await withBothForms(site.readKey, path)
    expect(body).toMatchObject({
      totalDocs: 3,
      limit: 10,
      page: 1,
      totalPages: 1,
      hasNextPage: false,
    })
    expect(body.docs).toEqual(
      ['Boxing basics', 'Taxes explained', 'Xylophone lessons'].map((title) => ({
        id: byTitle.get(title),
        data: { title },
      })),
    )
  })

  it("queries: Strapi's array forms — when sort and fields are arrays of several entries, then earlier sort keys win and every field is kept", async () => {
    const path = strapiQuery({
      sort: ['views:desc', 'title:asc'],
      fields: ['title', 'views', 'slug'],
      pagination: { pageSize: 2 },
    })
    const body = await withBothForms(site.readKey, path)
    expect(titles(body)).toEqual(['Xylophone lessons', 'Boxing basics'])
    expect(body.docs[0]).toEqual({
      id: byTitle.get('Xylophone lessons'),
      slug: expect.any(String),
      data: { title: 'Xylophone lessons', views: 50 },
    })
  })

  it("queries: Strapi's qs.stringify queries — when $or, $and, $in and $between are nested as Strapi's docs nest them, then the answer is the documents they describe", async () => {
    const body = await withBothForms(
      site.readKey,
      strapiQuery({
        filters: {
          $or: [
            { title: { $startsWith: 'Alpha' } },
            { $and: [{ views: { $between: [15, 45] } }, { title: { $endsWithi: 'BASICS' } }] },
            { views: { $in: [10, 20] } },
          ],
        },
        sort: ['views:asc'],
      }),
    )
    expect(titles(body)).toEqual(['Gamma', 'Taxes explained', 'Alpha', 'Boxing basics'])
  })

  it("queries: Strapi's pagination — when pagination[page] and pagination[pageSize] walk the list, then they are page and limit, with the same bounds, and other pagination keys are 422", async () => {
    const walked: string[] = []
    for (const page of [1, 2, 3]) {
      const body = await withBothForms(
        site.readKey,
        strapiQuery({ sort: ['views:desc'], pagination: { page, pageSize: 2 } }),
      )
      expect(body).toMatchObject({ page, limit: 2, totalDocs: 5, totalPages: 3 })
      walked.push(...titles(body))
    }
    expect(walked).toEqual(ARTICLES.map((article) => article.title))

    for (const [pagination, path] of [
      [{ pageSize: 101 }, 'pagination[pageSize]'],
      [{ pageSize: 0 }, 'pagination[pageSize]'],
      [{ page: 0 }, 'pagination[page]'],
      [{ page: 'two' }, 'pagination[page]'],
      [{ withCount: 'maybe' }, 'pagination[withCount]'],
      [{ start: 0, limit: 10 }, 'pagination[start]'],
      [{ size: 5 }, 'pagination[size]'],
    ] as const) {
      const refused = await withBothForms(site.readKey, strapiQuery({ pagination }), 422)
      expect(refused.error.code).toBe('VALIDATION_ERROR')
      expect(detailsOf(refused)[0]?.path, JSON.stringify(pagination)).toBe(path)
    }
    const edge = await withBothForms(
      site.readKey,
      strapiQuery({ pagination: { page: 1, pageSize: 100 } }),
    )
    expect(edge).toMatchObject({ page: 1, limit: 100, totalDocs: 5 })
  })

  it('queries: one pagination spelling — when page or limit comes with pagination[page] or pagination[pageSize], then 422 naming what was sent of both, even when they agree', async () => {
    for (const [query, named] of [
      ['page=2&pagination[page]=2', 'page, pagination[page]'],
      ['limit=5&pagination[pageSize]=5', 'limit, pagination[pageSize]'],
      ['page=1&pagination[pageSize]=5', 'page, pagination[pageSize]'],
    ]) {
      const refused = await withBothForms(site.readKey, `/api/content?${query}`, 422)
      expect(detailsOf(refused)).toEqual([
        { path: 'pagination', message: expect.stringContaining(`(got ${named})`) },
      ])
    }
    // withCount has one spelling, so it goes with page and limit.
    const plain = await withBothForms(
      site.readKey,
      '/api/content?page=2&limit=2&pagination[withCount]=false',
    )
    expect(plain).toMatchObject({ page: 2, limit: 2, totalDocs: null })
  })

  it('queries: withCount=false skips the count — when pagination[withCount]=false, then the same page with null totals and the next page known from the page itself', async () => {
    const walk = async (page: number, pageSize: number, withCount?: boolean) =>
      withBothForms(
        site.readKey,
        strapiQuery({
          sort: ['views:desc'],
          pagination: { page, pageSize, ...(withCount === undefined ? {} : { withCount }) },
        }),
      )
    for (const [page, pageSize, hasNextPage] of [
      [1, 2, true],
      [2, 2, true],
      [3, 2, false],
      [1, 5, false],
      [1, 4, true],
    ] as const) {
      const uncounted = await walk(page, pageSize, false)
      const counted = await walk(page, pageSize)
      expect(uncounted, `page ${page} of ${pageSize}`).toEqual({
        ...counted,
        totalDocs: null,
        totalPages: null,
        hasNextPage,
        nextPage: hasNextPage ? page + 1 : null,
      })
      expect(counted.hasNextPage).toBe(hasNextPage)
    }
    const past = await walk(7, 2, false)
    expect(past).toMatchObject({
      docs: [],
      totalDocs: null,
      totalPages: null,
      hasNextPage: false,
      nextPage: null,
      hasPrevPage: true,
      prevPage: 6,
    })
    expect((await walk(1, 2, true)).totalDocs).toBe(5)
  })
})

describe('Authorization: Bearer <api key>', () => {
  it('auth: Bearer is the same key — when a key is sent as Bearer, then it has its scope: a read key reads published content and is refused drafts and writes, an admin key writes', async () => {
    const read = bearer(site.readKey)
    const listed = await expectStatus(read('GET', '/api/content?sort=views:desc&limit=1'), 200)
    expect(titles(listed.body)).toEqual(['Xylophone lessons'])
    await expectStatus(read('GET', `/api/content/${byTitle.get('Alpha')}`), 200)
    await expectStatus(read('GET', '/api/content-types/article'), 200)
    const drafts = await expectStatus(read('GET', '/api/content?draft=true'), 403)
    expect(drafts.body.error.code).toBe('FORBIDDEN')
    await expectStatus(read('POST', '/api/content', { body: { type: 'article', data: {} } }), 403)

    const admin = bearer(site.adminKey)
    const created = await expectStatus(
      admin('POST', '/api/content', { body: { type: 'article', data: { title: 'By Bearer' } } }),
      201,
    )
    expect(created.body.authorId).toBe(site.adminKeyId)
    const withDrafts = await expectStatus(admin('GET', '/api/content?draft=true&limit=100'), 200)
    expect(titles(withDrafts.body)).toContain('By Bearer')
    await expectStatus(admin('DELETE', `/api/content/${created.body.id}`), 204)
  })

  it('auth: a missing, unknown or revoked key is 401 — when Bearer carries an unknown key, no token or another scheme alone, then 401 UNAUTHORIZED', async () => {
    const unknownKey = `cms_${'A'.repeat(43)}`
    for (const authorization of [
      `Bearer ${unknownKey}`,
      'Bearer',
      `Basic ${Buffer.from('user:pass').toString('base64')}`,
    ]) {
      const response = await jsonClient(gateway(), { authorization })('GET', '/api/content')
      expect(response.status, authorization).toBe(401)
      expect(response.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: expect.any(String) },
      })
    }
  })

  it('auth: two different keys are 401 — when x-api-key and Bearer name different keys, then 401 and nothing is read or written; the same key in both is accepted, and another scheme beside x-api-key is left alone', async () => {
    const other = await createTestWebsite()
    const conflicting = [
      [site.readKey, other.readKey],
      [site.adminKey, site.readKey],
      [site.readKey, 'not-a-key'],
    ] as const
    for (const [headerKey, bearerKey] of conflicting) {
      const call = bearer(bearerKey, { 'x-api-key': headerKey })
      const read = await call('GET', '/api/content')
      expect(read.status).toBe(401)
      expect(read.body.error).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) })
      expect(read.headers.get('x-ratelimit-limit')).toBeNull()
      const write = await call('POST', '/api/content', {
        body: { type: 'article', data: { title: 'Never written' } },
      })
      expect(write.status).toBe(401)
    }
    const all = await expectStatus(site.api('GET', '/api/content?draft=true&limit=100'), 200)
    expect(titles(all.body)).not.toContain('Never written')

    const agreeing = await expectStatus(
      bearer(site.readKey, { 'x-api-key': site.readKey })('GET', '/api/content'),
      200,
    )
    expect(agreeing.body.totalDocs).toBe(ARTICLES.length)
    const besideProxyAuth = jsonClient(gateway(), {
      'x-api-key': site.readKey,
      authorization: `Basic ${Buffer.from('proxy:secret').toString('base64')}`,
    })
    await expectStatus(besideProxyAuth('GET', '/api/content'), 200)
  })

  it('auth: Bearer is the same key — when requests alternate x-api-key and Bearer, then they count against one plan and the limit refuses both alike', async () => {
    const limited = await createTestWebsite({ rateLimit: { perMinute: 4, perDay: 1000 } })
    const forms = [bearer(limited.readKey), xApiKey(limited.readKey)]
    const remaining: string[] = []
    for (let i = 0; i < 4; i++) {
      const response = await expectStatus(forms[i % 2]!('GET', '/api/content-types'), 200)
      remaining.push(response.headers.get('x-ratelimit-remaining') ?? '')
    }
    expect(remaining).toEqual(['3', '2', '1', '0'])
    for (const form of forms) {
      const refused = await expectStatus(form('GET', '/api/content-types'), 429)
      expect(refused.body.error.code).toBe('RATE_LIMITED')
      expect(refused.headers.get('retry-after')).not.toBeNull()
    }
  })

  it('auth: browsers may send either header — when a browser asks before sending Authorization or x-api-key, then the preflight allows both, without a key', async () => {
    const response = await fetch(`${gateway()}/api/content`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://frontend.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-api-key',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    const allowed = (response.headers.get('access-control-allow-headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'x-api-key']))
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
  })
})
