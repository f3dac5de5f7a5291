import { beforeAll, describe, expect, it } from 'vitest'
import { contentSite, defineType, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/** The list parameters other than filters (type, page, limit, sort, fields, draft) through the gateway. */
let site: ContentSite
let drafts: string[]
let published: string[]

beforeAll(async () => {
  site = await contentSite()
  // `views` is an integer in article and text here: a filter on it must say which type it means.
  await defineType(site.api, {
    name: 'clip',
    titleField: 'title',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'views', type: 'text' },
    ],
  })
  drafts = []
  published = []
  for (const [i, title] of ['Alpha', 'Bravo', 'Charlie', 'Delta'].entries()) {
    const document = await site.createArticle({ title, views: i * 10 })
    if (i % 2 === 0) {
      await expectStatus(site.api('POST', `/api/content/${document.id}/publish`), 200)
      published.push(document.id)
    } else drafts.push(document.id)
  }
  const clip = await expectStatus(
    site.api('POST', '/api/content', {
      body: { type: 'clip', data: { title: 'Clip', views: 'many' } },
    }),
    201,
  )
  drafts.push(clip.body.id)
})

const ids = (body: { docs: Array<{ id: string }> }) => body.docs.map((doc) => doc.id).sort()
const detailPaths = (body: { error: { details: Array<{ path: string }> } }) =>
  body.error.details.map((detail) => detail.path)

describe('list parameters', () => {
  it('drafts: a status filter narrows to drafts — when draft=true comes with filters[status][$eq]=draft, then only drafts are listed', async () => {
    const all = await expectStatus(site.api('GET', '/api/content?draft=true'), 200)
    expect(ids(all.body)).toEqual([...drafts, ...published].sort())
    const onlyDrafts = await expectStatus(
      site.api('GET', '/api/content?draft=true&filters[status][$eq]=draft'),
      200,
    )
    expect(ids(onlyDrafts.body)).toEqual([...drafts].sort())
  })

  it('queries: page and limit are checked — when page or limit is out of range or not an integer, then 422 naming it', async () => {
    for (const [query, path] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['limit=ten', 'limit'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
    ]) {
      const response = await expectStatus(site.api('GET', `/api/content?${query}`), 422)
      expect(response.body.error.code).toBe('VALIDATION_ERROR')
      expect(detailPaths(response.body), query).toEqual([path])
    }
    const edge = await expectStatus(
      site.api('GET', '/api/content?draft=true&limit=100&page=1'),
      200,
    )
    expect(edge.body).toMatchObject({ limit: 100, page: 1 })
  })

  it('queries: type restricts the list — when type names a content type, then only its documents; when it names none, then 422 naming it', async () => {
    const clips = await expectStatus(site.api('GET', '/api/content?draft=true&type=clip'), 200)
    expect(clips.body.docs.map((doc: { type: string }) => doc.type)).toEqual(['clip'])
    const refused = await expectStatus(site.api('GET', '/api/content?type=nosuch'), 422)
    expect(refused.body.error.details).toEqual([
      { path: 'type', message: expect.stringContaining('"nosuch"') },
    ])
  })

  it('queries: a field of two types needs type — when a filter names a field two types declare differently, then 422 asking for type; with type, it works', async () => {
    const refused = await expectStatus(
      site.api('GET', '/api/content?draft=true&filters[views][$gt]=5'),
      422,
    )
    expect(refused.body.error.details).toEqual([
      { path: 'filters[views]', message: expect.stringContaining('type=') },
    ])
    const articles = await expectStatus(
      site.api('GET', '/api/content?draft=true&type=article&filters[views][$gt]=5'),
      200,
    )
    expect(articles.body.totalDocs).toBe(3)
  })

  it('queries: unknown names and operators are 422 — when a filter names an unknown column, an undeclared field and an unknown operator, then one 422 names each', async () => {
    const response = await expectStatus(
      site.api(
        'GET',
        '/api/content?filters[websiteId]=x&filters[data.colour]=red&filters[title][$like]=A',
      ),
      422,
    )
    expect(detailPaths(response.body).sort()).toEqual(
      ['filters[data.colour]', 'filters[title][$like]', 'filters[websiteId]'].sort(),
    )
    for (const detail of response.body.error.details)
      expect(detail.message).toMatch(/websiteId|colour|\$like/)
  })

  it('queries: an unknown sort field is 422 — when sort names a field no type declares, then 422 naming sort', async () => {
    for (const sort of ['nope', '-data.nope', 'title,unknown:desc']) {
      const response = await expectStatus(site.api('GET', `/api/content?sort=${sort}`), 422)
      expect(detailPaths(response.body), sort).toEqual(['sort'])
    }
  })

  it('queries: fields include or exclude — when names are all plain, all excluded or mixed, then only those, all but those, or 422', async () => {
    const only = await expectStatus(
      site.api('GET', '/api/content?draft=true&type=article&fields=slug&sort=slug&limit=1'),
      200,
    )
    expect(Object.keys(only.body.docs[0]).sort()).toEqual(['id', 'slug'])
    const without = await expectStatus(
      site.api('GET', '/api/content?draft=true&type=article&fields=-data.views,-status&limit=1'),
      200,
    )
    const [document] = without.body.docs
    expect(document).not.toHaveProperty('status')
    expect(document.data).not.toHaveProperty('views')
    expect(document).toMatchObject({ type: 'article', data: { title: expect.any(String) } })
    const mixed = await expectStatus(site.api('GET', '/api/content?fields=slug,-status'), 422)
    expect(detailPaths(mixed.body)).toEqual(['fields'])
  })
})
