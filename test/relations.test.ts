import { randomUUID } from 'node:crypto'
import qs from 'qs'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, jsonClient, testEnv } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'

/**
 * person <- article.author (one), tag <- article.tags (many), article <- article.related (many).
 * Published: ann, bob (draft), tags news (published) and old (draft).
 */
interface World {
  site: TestWebsite
  ann: string
  bob: string
  news: string
  old: string
}

async function created(site: TestWebsite, type: string, data: object, publish = true) {
  const response = await site.api('POST', '/api/content', { body: { type, data } })
  if (response.status !== 201)
    throw new Error(`create ${type}: ${response.status} ${response.text}`)
  const id = response.body.id as string
  if (publish) expect((await site.api('POST', `/api/content/${id}/publish`)).status).toBe(200)
  return id
}

async function defineTypes(site: TestWebsite) {
  const types = [
    { name: 'person', titleField: 'name', fields: [{ name: 'name', type: 'text' }] },
    { name: 'tag', titleField: 'label', fields: [{ name: 'label', type: 'text' }] },
    {
      name: 'article',
      titleField: 'title',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'author', type: 'relation', target: 'person' },
        { name: 'tags', type: 'relation', target: 'tag', many: true },
        { name: 'related', type: 'relation', target: 'article', many: true },
      ],
    },
  ]
  for (const body of types) {
    const response = await site.api('POST', '/api/content-types', { body })
    if (response.status !== 201) throw new Error(`type ${body.name}: ${response.text}`)
  }
}

async function world(): Promise<World> {
  const site = await createTestWebsite()
  await defineTypes(site)
  const [ann, bob, news, old] = await Promise.all([
    created(site, 'person', { name: 'Ann Lee' }),
    created(site, 'person', { name: 'Bob Roe' }, false),
    created(site, 'tag', { label: 'news' }),
    created(site, 'tag', { label: 'old' }, false),
  ])
  return { site, ann: ann!, bob: bob!, news: news!, old: old! }
}

const count = async (site: TestWebsite, type: string) =>
  (await site.api('GET', `/api/content?type=${type}&draft=true`)).body.totalDocs as number

describe('relation values', () => {
  let w: World
  beforeAll(async () => {
    w = await world()
  })

  it('relations: ids name documents of the target type — when an article names existing documents of the right types, then it is stored with their ids', async () => {
    const response = await w.site.api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'A', author: w.bob, tags: [w.news, w.old] } },
    })
    expect(response.status).toBe(201)
    expect(response.body.data).toEqual({ title: 'A', author: w.bob, tags: [w.news, w.old] })
  })

  it.each([
    ['a missing id', () => ({ author: randomUUID() }), 'data.author'],
    ['an id of another type', () => ({ author: w.news }), 'data.author'],
    ['a missing id among many', () => ({ tags: [w.news, randomUUID()] }), 'data.tags'],
    ['a non-string id', () => ({ author: 42 }), 'data.author'],
    ['101 ids', () => ({ tags: Array.from({ length: 101 }, () => randomUUID()) }), 'data.tags'],
    ['a repeated id', () => ({ tags: [w.news, w.news] }), 'data.tags'],
  ])(
    'relations: ids name documents of the target type; relations: one id or up to 100 distinct ids — when an article names %s, then 422 names the field and nothing is written',
    async (_, data, path) => {
      const before = await count(w.site, 'article')
      const response = await w.site.api('POST', '/api/content', {
        body: { type: 'article', data: { title: 'bad', ...data() } },
      })
      expect(response.status).toBe(422)
      expect(response.body.error.code).toBe('VALIDATION_ERROR')
      expect(response.body.error.details.map((d: { path: string }) => d.path)).toEqual([path])
      expect(await count(w.site, 'article')).toBe(before)
    },
  )

  it('when the error is about missing ids, then it names them', async () => {
    const missing = randomUUID()
    const response = await w.site.api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'x', tags: [w.news, missing] } },
    })
    expect(response.body.error.details[0].message).toContain(missing)
    expect(response.body.error.details[0].message).not.toContain(w.news)
  })

  it("relations: ids name documents of the target type — when an article names another website's document, then 422 and nothing is written", async () => {
    const other = await createTestWebsite()
    await defineTypes(other)
    const theirs = await created(other, 'person', { name: 'Eve' })
    const response = await w.site.api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'x', author: theirs } },
    })
    expect(response.status).toBe(422)
    expect(response.body.error.details[0]).toMatchObject({ path: 'data.author' })
  })

  it('relations: null clears a relation — when a PATCH sets, changes and clears a relation, then each is checked and stored', async () => {
    const id = await created(w.site, 'article', { title: 'P' }, false)
    const bad = await w.site.api('PATCH', `/api/content/${id}`, {
      body: { data: { author: w.news } },
    })
    expect(bad.status).toBe(422)
    const set = await w.site.api('PATCH', `/api/content/${id}`, {
      body: { data: { author: w.ann } },
    })
    expect(set.body.data.author).toBe(w.ann)
    const cleared = await w.site.api('PATCH', `/api/content/${id}`, {
      body: { data: { author: null } },
    })
    expect(cleared.status).toBe(200)
    expect(cleared.body.data.author).toBeUndefined()
  })
})

describe('populate', () => {
  let w: World
  let article: string
  let second: string
  beforeAll(async () => {
    w = await world()
    article = await created(w.site, 'article', {
      title: 'First',
      author: w.ann,
      tags: [w.news, w.old],
    })
    second = await created(w.site, 'article', {
      title: 'Second',
      author: w.bob,
      tags: [w.news],
      related: [article],
    })
  })

  const byTitle = (docs: Array<{ data: any }>, title: string) =>
    docs.find((doc) => doc.data.title === title)!

  it('relations: populate replaces ids with documents; relations: a read key never sees a draft through populate — when a list populates author and tags with a read key, then published targets appear in the document shape, an unpublished one is null or left out', async () => {
    const response = await w.site.readApi('GET', '/api/content?type=article&populate=author,tags')
    expect(response.status).toBe(200)
    const first = byTitle(response.body.docs, 'First')
    expect(first.data).toMatchObject({
      author: { id: w.ann, type: 'person', status: 'published', data: { name: 'Ann Lee' } },
      tags: [{ id: w.news, data: { label: 'news' } }],
    })
    expect(byTitle(response.body.docs, 'Second').data).toMatchObject({ author: null })
  })

  it('relations: a read key never sees a draft through populate — when an admin lists with draft=true, then drafts are populated too', async () => {
    const response = await w.site.api(
      'GET',
      '/api/content?type=article&draft=true&populate=author,tags',
    )
    const first = byTitle(response.body.docs, 'First')
    expect(first.data.tags.map((tag: { id: string }) => tag.id)).toEqual([w.news, w.old])
    expect(byTitle(response.body.docs, 'Second').data.author).toMatchObject({ id: w.bob })
  })

  it('relations: unpopulated values stay ids — when a relation is not populated, then its value stays ids', async () => {
    const response = await w.site.readApi('GET', '/api/content?type=article&populate=author')
    expect(byTitle(response.body.docs, 'First').data.tags).toEqual([w.news, w.old])
  })

  it('relations: populate works on every read — when one document is read by id or by slug with populate, then its relations are populated', async () => {
    const byId = await w.site.readApi('GET', `/api/content/${article}?populate=author`)
    expect(byId.status).toBe(200)
    expect(byId.body.data.author).toMatchObject({ id: w.ann, data: { name: 'Ann Lee' } })
    const slug = byId.body.slug as string
    const bySlug = await w.site.readApi(
      'GET',
      `/api/content/by-slug/article/${slug}?populate[tags]=true`,
    )
    expect(bySlug.status).toBe(200)
    expect(bySlug.body.data.tags).toMatchObject([{ id: w.news }])
  })

  it('relations: populate=* is every relation one level — when populate=* is asked, then every relation field is populated one level', async () => {
    const response = await w.site.readApi('GET', `/api/content/${second}?populate=*`)
    expect(response.body.data.tags).toMatchObject([{ id: w.news }])
    expect(response.body.data.related).toMatchObject([{ id: article }])
    // One level: the related article's own relations stay ids.
    expect(response.body.data.related[0].data.author).toBe(w.ann)
  })

  it('relations: the object form picks fields and nests — when the object form asks for fields and a nested populate, then related documents have only those fields and nest', async () => {
    const query = qs.stringify(
      {
        populate: {
          related: { fields: ['title'], populate: { author: { fields: ['name'] } } },
        },
      },
      { encodeValuesOnly: true },
    )
    const response = await w.site.readApi('GET', `/api/content/${second}?${query}`)
    expect(response.status).toBe(200)
    expect(response.body.data.related).toEqual([
      {
        id: article,
        data: { title: 'First', author: { id: w.ann, data: { name: 'Ann Lee' } } },
      },
    ])
  })

  it('relations: populate nests at most 3 levels — when populate nests three levels, then it is answered; four levels are 422', async () => {
    const level = (inner: object) => ({ related: { populate: inner } })
    const three = qs.stringify({ populate: level(level({ related: true })) })
    expect((await w.site.readApi('GET', `/api/content/${second}?${three}`)).status).toBe(200)
    const four = qs.stringify({ populate: level(level(level({ related: true }))) })
    const response = await w.site.readApi('GET', `/api/content/${second}?${four}`)
    expect(response.status).toBe(422)
    expect(response.text).toContain('at most 3 levels')
  })

  it.each([
    ['an unknown name', 'populate=nosuch', 'nosuch'],
    ['a field that is not a relation', 'populate=title', 'title'],
    ['an unknown field inside', 'populate[author][fields]=nosuch', 'nosuch'],
    ['an unknown member', 'populate[author][sort]=name', 'fields and populate'],
  ])(
    'relations: unknown populate names are 422 — when populate names %s, then 422 names it',
    async (_, query, named) => {
      for (const path of ['/api/content?type=article&', `/api/content/${article}?`]) {
        const response = await w.site.readApi('GET', `${path}${query}`)
        expect(response.status).toBe(422)
        expect(response.body.error.code).toBe('VALIDATION_ERROR')
        expect(response.text).toContain(named)
      }
    },
  )

  it('when a list with fields also populates, then the populated field is shown and nothing else is added', async () => {
    const response = await w.site.readApi(
      'GET',
      '/api/content?type=article&fields=title&populate=author',
    )
    expect(byTitle(response.body.docs, 'First')).toEqual({
      id: article,
      data: { title: 'First', author: expect.objectContaining({ id: w.ann }) },
    })
  })

  it('relations: a cached list sees its targets change — when a populated target changes, then the next read of the cached list shows the change', async () => {
    const path = '/api/content?type=article&populate=author'
    const before = await w.site.readApi('GET', path)
    expect(byTitle(before.body.docs, 'First').data.author.data.name).toBe('Ann Lee')
    await w.site.api('PATCH', `/api/content/${w.ann}`, { body: { data: { name: 'Ann Lee-Park' } } })
    await w.site.api('POST', `/api/content/${w.ann}/publish`)
    const after = await w.site.readApi('GET', path)
    expect(byTitle(after.body.docs, 'First').data.author.data.name).toBe('Ann Lee-Park')
  })
})

describe('relation filters', () => {
  let w: World
  let first: string
  let second: string
  beforeAll(async () => {
    w = await world()
    first = await created(w.site, 'article', { title: 'One', author: w.ann, tags: [w.news] })
    second = await created(w.site, 'article', { title: 'Two', author: w.bob, tags: [w.old] })
  })

  const ids = async (query: string, api = w.site.readApi) => {
    const response = await api('GET', `/api/content?type=article&${query}`)
    expect(response.status).toBe(200)
    return (response.body.docs as Array<{ id: string }>).map((doc) => doc.id).sort()
  }

  it('relations: filters reach one relation level — when filtering on the ids of a relation, then $eq and $in match one and many relations', async () => {
    expect(await ids(`filters[data.author][$eq]=${w.ann}`)).toEqual([first])
    expect(
      await ids(`filters[data.author][$in][0]=${w.ann}&filters[data.author][$in][1]=${w.bob}`),
    ).toEqual([first, second].sort())
    expect(await ids(`filters[data.tags][$eq]=${w.old}`)).toEqual([second])
  })

  it('relations: filters reach one relation level — when filtering on a field of the related documents, then every form reaches one level', async () => {
    expect(await ids('filters[data.author.name][$containsi]=ann')).toEqual([first])
    expect(await ids('filters[author][name][$containsi]=ann')).toEqual([first])
    expect(await ids('filters[data][author][name][$containsi]=ann')).toEqual([first])
  })

  it('relations: related filters see what the caller sees — when the related document is a draft, then a read key does not match through it and draft=true does', async () => {
    expect(await ids('filters[author][name][$eq]=Bob Roe')).toEqual([])
    expect(await ids('filters[author][name][$eq]=Bob Roe&draft=true', w.site.api)).toEqual([second])
  })

  it.each([
    ['an unknown field of the target', 'filters[author][nosuch][$eq]=x', 'nosuch'],
    ['two relation levels', 'filters[related][author][name][$eq]=x', 'one relation level'],
    ['a non-id on the ids', 'filters[data.author][$eq]=ann', 'not a document id'],
    ['an operator the ids do not have', 'filters[data.author][$gt]=x', '$gt'],
  ])(
    'relations: filters reach one relation level — when a relation filter names %s, then 422 names it',
    async (_, query, named) => {
      const response = await w.site.readApi('GET', `/api/content?type=article&${query}`)
      expect(response.status).toBe(422)
      expect(response.text).toContain(named)
    },
  )
})

describe('deleting a referenced document', () => {
  it('relations: a referenced document is deleted only with force; relations: referenced-by lists the referrers — when other documents name it, then 409 names them, referenced-by lists them, and force=true deletes it', async () => {
    const w = await world()
    const article = await created(w.site, 'article', { title: 'A', author: w.ann })
    const refused = await w.site.api('DELETE', `/api/content/${w.ann}`)
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('CONFLICT')
    expect(refused.body.error.message).toContain(article)

    const referrers = await w.site.api('GET', `/api/content/${w.ann}/referenced-by`)
    expect(referrers.status).toBe(200)
    expect(referrers.body.docs.map((doc: { id: string }) => doc.id)).toEqual([article])
    expect(referrers.body.totalDocs).toBe(1)
    expect((await w.site.readApi('GET', `/api/content/${w.ann}/referenced-by`)).status).toBe(403)

    expect((await w.site.api('DELETE', `/api/content/${w.ann}?force=true`)).status).toBe(204)
    const read = await w.site.readApi('GET', `/api/content/${article}?populate=author`)
    expect(read.body.data.author).toBeNull()
    // The reference it kept does not block a later change of the article.
    const patched = await w.site.api('PATCH', `/api/content/${article}`, {
      body: { data: { title: 'A2' } },
    })
    expect(patched.status).toBe(200)
  })

  it('relations: a referenced document is deleted only with force — when a document names only itself, then it can be deleted without force', async () => {
    const w = await world()
    const id = await created(w.site, 'article', { title: 'Self' })
    await w.site.api('PATCH', `/api/content/${id}`, { body: { data: { related: [id] } } })
    expect((await w.site.api('DELETE', `/api/content/${id}`)).status).toBe(204)
  })

  it('when the reference is removed, then the delete is allowed again', async () => {
    const w = await world()
    const article = await created(w.site, 'article', { title: 'A', tags: [w.news] })
    expect((await w.site.api('DELETE', `/api/content/${w.news}`)).status).toBe(409)
    await w.site.api('PATCH', `/api/content/${article}`, { body: { data: { tags: [] } } })
    expect((await w.site.api('DELETE', `/api/content/${w.news}`)).status).toBe(204)
  })
})

describe("Strapi's populate through the gateway", () => {
  it("queries: Strapi's qs.stringify queries — when populate and a relation filter are written by qs.stringify as Strapi's docs show and sent with a Bearer key, then the answer is the populated, filtered list", async () => {
    const w = await world()
    const article = await created(w.site, 'article', {
      title: 'Strapi',
      author: w.ann,
      tags: [w.news],
    })
    await created(w.site, 'article', { title: 'Other', tags: [w.news] })
    const strapi = jsonClient(testEnv().gatewayUrl, { authorization: `Bearer ${w.site.readKey}` })
    const get = async (query: object) => {
      const response = await strapi(
        'GET',
        `/api/content?${qs.stringify(query, { encodeValuesOnly: true })}`,
      )
      expect(response.status).toBe(200)
      return response.body
    }
    const everything = await get({ populate: '*', filters: { title: { $eq: 'Strapi' } } })
    expect(everything.docs[0].data).toMatchObject({
      author: { id: w.ann },
      tags: [{ id: w.news }],
    })
    const listed = await get({
      populate: ['author', 'tags'],
      filters: { title: { $eq: 'Strapi' } },
    })
    expect(listed.docs).toEqual(everything.docs)
    const filtered = await get({
      filters: { author: { name: { $eq: 'Ann Lee' } } },
      populate: { author: { fields: ['name'] } },
      fields: ['title'],
    })
    expect(filtered.docs).toEqual([
      { id: article, data: { title: 'Strapi', author: { id: w.ann, data: { name: 'Ann Lee' } } } },
    ])
  })
})
