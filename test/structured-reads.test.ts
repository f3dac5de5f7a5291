import { randomUUID } from 'node:crypto'
import qs from 'qs'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, fewestCommands, metricsUrlOf, storageCommands } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'
import { makeImage, upload } from './media-kit.ts'

/**
 * Landing pages (localized: en, fr) with an SEO component, a repeatable list of cards and
 * blocks (hero, quote; a quote holds a card), whose relations name people (who name a company)
 * and whose media fields name uploaded files.
 */
const COMPONENTS = [
  {
    name: 'seo',
    fields: [
      { name: 'title', type: 'text' },
      { name: 'score', type: 'integer' },
      { name: 'image', type: 'media' },
      { name: 'author', type: 'relation', target: 'person' },
    ],
  },
  {
    name: 'card',
    fields: [
      { name: 'label', type: 'text' },
      { name: 'person', type: 'relation', target: 'person' },
    ],
  },
  {
    name: 'hero',
    fields: [
      { name: 'heading', type: 'text' },
      { name: 'image', type: 'media' },
    ],
  },
  {
    name: 'quote',
    fields: [
      { name: 'text', type: 'textarea' },
      { name: 'by', type: 'relation', target: 'person' },
      { name: 'card', type: 'component', component: 'card' },
    ],
  },
]

const TYPES = [
  { name: 'company', titleField: 'name', fields: [{ name: 'name', type: 'text' }] },
  {
    name: 'person',
    titleField: 'name',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'employer', type: 'relation', target: 'company' },
    ],
  },
  {
    name: 'page',
    titleField: 'title',
    localized: true,
    fields: [
      { name: 'title', type: 'text' },
      { name: 'seo', type: 'component', component: 'seo' },
      { name: 'cards', type: 'component', component: 'card', repeatable: true },
      { name: 'sections', type: 'blocks', components: ['hero', 'quote'] },
    ],
  },
]

interface World {
  site: TestWebsite
  images: [string, string]
  acme: string
  ann: string
  bob: string
  /** An unpublished person. */
  cyd: string
  /** Pages by SEO title. */
  pages: Record<'Alpha' | 'Beta' | 'Gamma', string>
}

async function created(api: ApiCall, type: string, data: object, publish = true) {
  const response = await expectStatus(api('POST', '/api/content', { body: { type, data } }), 201)
  const id = response.body.id as string
  if (publish) await expectStatus(api('POST', `/api/content/${id}/publish`), 200)
  return id
}

async function world(): Promise<World> {
  const site = await createTestWebsite()
  const { api } = site
  const locales = { locales: [{ code: 'en', default: true }, { code: 'fr' }] }
  await expectStatus(api('PUT', '/api/locales', { body: locales }), 200)
  // Components name the related types, and the page names the components.
  const [company, person, page] = TYPES
  for (const body of [company, person]) {
    await expectStatus(api('POST', '/api/content-types', { body }), 201)
  }
  for (const body of COMPONENTS) {
    await expectStatus(api('POST', '/api/components', { body }), 201)
  }
  await expectStatus(api('POST', '/api/content-types', { body: page }), 201)
  const [first, second] = await Promise.all([
    upload(site, { bytes: await makeImage(), name: 'one.png' }),
    upload(site, { bytes: await makeImage({ format: 'jpeg' }), name: 'two.jpg' }),
  ])
  expect([first.status, second.status]).toEqual([201, 201])
  const images: [string, string] = [first.body.id, second.body.id]
  const acme = await created(api, 'company', { name: 'Acme' })
  const [ann, bob, cyd] = await Promise.all([
    created(api, 'person', { name: 'Ann', employer: acme }),
    created(api, 'person', { name: 'Bob', employer: acme }),
    created(api, 'person', { name: 'Cyd', employer: acme }, false),
  ])
  const pageData = (title: string, score: number) => ({
    title: `${title} page`,
    seo: { title, score, image: images[0], author: ann },
    cards: [
      { label: 'first', person: ann },
      { label: 'hidden', person: cyd },
    ],
    sections: [
      { __component: 'hero', heading: 'Welcome', image: images[1] },
      { __component: 'quote', text: 'Well said', by: bob, card: { label: 'in', person: ann } },
      { __component: 'hero', heading: 'Again', image: images[0] },
    ],
  })
  const alpha = await created(api, 'page', pageData('Alpha', 3))
  const beta = await created(api, 'page', pageData('Beta', 1), false)
  const fr = { data: { seo: { title: 'Bêta', score: 1, image: images[1], author: bob } } }
  await expectStatus(api('PATCH', `/api/content/${beta}?locale=fr`, { body: fr }), 200)
  await expectStatus(api('POST', `/api/content/${beta}/publish`), 200)
  const gamma = await created(api, 'page', pageData('Gamma', 2))
  return {
    site,
    images,
    acme,
    ann: ann!,
    bob: bob!,
    cyd: cyd!,
    pages: { Alpha: alpha, Beta: beta, Gamma: gamma },
  }
}

/** A list through the gateway; `query` as qs writes it, with a nonce so no cache answers it. */
async function list(api: ApiCall, query: object) {
  const nonce = { filters: { title: { $ne: randomUUID() } } }
  const merged = {
    type: 'page',
    ...query,
    filters: { ...nonce.filters, ...(query as any).filters },
  }
  return api('GET', `/api/content?${qs.stringify(merged, { encodeValuesOnly: true })}`)
}

/** The storage commands the content read pool has sent answering requests, so far. */
const readPoolCommands = () => storageCommands(metricsUrlOf('content-read'))

/** Every relation and media field inside the pages' components, and the employer below. */
const DEEP_POPULATE = {
  seo: { populate: { image: true, author: true } },
  cards: { populate: '*' },
  sections: {
    populate: {
      image: true,
      by: true,
      card: { populate: { person: { populate: { employer: true } } } },
    },
  },
}

describe('reading components and blocks', () => {
  let w: World
  beforeAll(async () => {
    w = await world()
  }, 120_000)

  it('components: populate reaches inside — when a component, a repeatable component and blocks are populated with a read key, then their relations and media are documents and files, and an unpublished one is null', async () => {
    const response = await list(w.site.readApi, {
      filters: { seo: { title: { $eq: 'Alpha' } } },
      populate: {
        seo: { populate: { image: true, author: true } },
        cards: { populate: '*' },
        sections: { populate: '*' },
      },
    })
    expect(response.status).toBe(200)
    expect(response.body.docs).toHaveLength(1)
    const data = response.body.docs[0].data
    expect(data.seo).toMatchObject({
      title: 'Alpha',
      score: 3,
      image: { id: w.images[0], url: expect.stringContaining(w.images[0]) },
      author: { id: w.ann, type: 'person', data: { name: 'Ann', employer: w.acme } },
    })
    expect(data.cards).toEqual([
      { label: 'first', person: expect.objectContaining({ id: w.ann }) },
      { label: 'hidden', person: null },
    ])
    expect(data.sections[0]).toEqual({
      __component: 'hero',
      heading: 'Welcome',
      image: expect.objectContaining({ id: w.images[1] }),
    })
    // One level: the card inside the quote is shown as stored, its relation an id.
    expect(data.sections[1]).toEqual({
      __component: 'quote',
      text: 'Well said',
      by: expect.objectContaining({ id: w.bob, data: { name: 'Bob', employer: w.acme } }),
      card: { label: 'in', person: w.ann },
    })
  })

  it('components: populate reaches inside — when blocks populate a component inside a block and a relation of its related document, by id and by slug too, then both levels are populated', async () => {
    const query = qs.stringify({ populate: DEEP_POPULATE }, { encodeValuesOnly: true })
    const byId = await w.site.readApi('GET', `/api/content/${w.pages.Gamma}?${query}`)
    expect(byId.status).toBe(200)
    const quote = byId.body.data.sections[1]
    expect(quote.card.person).toMatchObject({
      id: w.ann,
      data: { name: 'Ann', employer: { id: w.acme, data: { name: 'Acme' } } },
    })
    expect(byId.body.data.sections[2].image).toMatchObject({ id: w.images[0] })
    const bySlug = await w.site.readApi(
      'GET',
      `/api/content/by-slug/page/${byId.body.slug}?${query}`,
    )
    expect(bySlug.status).toBe(200)
    expect(bySlug.body.data.sections[1].card.person.data.employer.data.name).toBe('Acme')
  })

  it('components: populate=* leaves components as stored — when populate=* or a component named alone, then component and blocks values are inline with their ids', async () => {
    for (const populate of ['*', 'seo,sections']) {
      const response = await list(w.site.readApi, {
        filters: { seo: { title: { $eq: 'Gamma' } } },
        populate,
      })
      expect(response.status).toBe(200)
      const data = response.body.docs[0].data
      expect(data.seo).toEqual({ title: 'Gamma', score: 2, image: w.images[0], author: w.ann })
      expect(data.sections[1].by).toBe(w.bob)
      expect(data.cards[0].person).toBe(w.ann)
    }
  })

  it('components: populate costs one read per field and level — when one page and then every page populate seven fields inside components over two levels, then each list costs the read pool the same storage commands: the page, its count, and one per field and level', async () => {
    // seo.image, seo.author, cards.person, sections.image, sections.by, sections.card.person,
    // and the employer of the people those name: 7 reads, beside the page, its count and the
    // release marker (docs/releases.md).
    const LIST_COMMANDS = 3 + 7
    const counted = async (limit: number) => {
      const { commands, answer } = await fewestCommands(
        readPoolCommands,
        () => list(w.site.api, { limit, sort: 'seo.title', populate: DEEP_POPULATE }),
        LIST_COMMANDS,
      )
      expect(answer.status).toBe(200)
      return { commands, docs: answer.body.docs as any[] }
    }
    const one = await counted(1)
    const all = await counted(100)
    expect(one.docs).toHaveLength(1)
    expect(all.docs).toHaveLength(3)
    console.info(
      `[structured-reads] storage commands per populated list: 1 page ${one.commands}, 3 pages ${all.commands}`,
    )
    expect(one.commands).toBe(LIST_COMMANDS)
    expect(all.commands).toBe(one.commands)
    for (const doc of all.docs) {
      expect(doc.data.sections[1].card.person.data.employer.data.name).toBe('Acme')
    }
  })

  it("components: filters and sort reach a component's fields — when pages are filtered and sorted by fields of the SEO component, in every spelling, then the stored values decide", async () => {
    const titles = (response: { body: { docs: Array<{ data: { seo: { title: string } } }> } }) =>
      response.body.docs.map((doc) => doc.data.seo.title)
    const spellings = [
      { filters: { seo: { title: { $eq: 'Beta' } } } },
      { filters: { 'seo.title': { $eq: 'Beta' } } },
      { filters: { 'data.seo.title': 'Beta' } },
      { filters: { data: { seo: { title: { $eqi: 'beta' } } } } },
    ]
    for (const query of spellings) {
      const response = await list(w.site.readApi, query)
      expect(response.status).toBe(200)
      expect(titles(response)).toEqual(['Beta'])
    }
    expect(titles(await list(w.site.readApi, { sort: 'seo.title:desc' }))).toEqual([
      'Gamma',
      'Beta',
      'Alpha',
    ])
    const ranged = await list(w.site.readApi, {
      filters: { seo: { score: { $gte: 2 } } },
      sort: 'data.seo.score',
    })
    expect(titles(ranged)).toEqual(['Gamma', 'Alpha'])
    const throughRelation = await list(w.site.readApi, {
      filters: { seo: { author: { name: { $eq: 'Ann' } } } },
    })
    expect(throughRelation.body.docs).toHaveLength(3)
  })

  it("components: filters and sort reach a component's fields — when a localized component is filtered and sorted in fr, then each page's own fr value is compared", async () => {
    const inFrench = await list(w.site.readApi, {
      locale: 'fr',
      filters: { seo: { title: { $eq: 'Bêta' } } },
    })
    expect(inFrench.status).toBe(200)
    expect(inFrench.body.docs.map((doc: any) => doc.id)).toEqual([w.pages.Beta])
    expect(inFrench.body.docs[0].data.seo.title).toBe('Bêta')
    const inEnglish = await list(w.site.readApi, { filters: { seo: { title: { $eq: 'Bêta' } } } })
    expect(inEnglish.body.docs).toEqual([])
  })

  it.each([
    ['blocks', { filters: { sections: { heading: { $eq: 'Welcome' } } } }, 'sections'],
    ['a repeatable component', { filters: { cards: { label: { $eq: 'first' } } } }, 'cards'],
    ['a repeatable component by sort', { sort: 'cards.label' }, 'cards'],
    ['blocks by sort', { sort: 'sections.heading:desc' }, 'sections'],
  ])(
    'components: lists inside are not filterable — when a query reaches into %s, then 422 VALIDATION_ERROR says the field holds a list',
    async (_, query, name) => {
      const response = await list(w.site.readApi, query)
      expect(response.status).toBe(422)
      expect(response.body.error.code).toBe('VALIDATION_ERROR')
      expect(response.body.error.details).toEqual([
        expect.objectContaining({ message: expect.stringContaining(`"${name}" holds a list`) }),
      ])
    },
  )

  it('components: lists inside are not filterable — when a whole blocks value is tested for null, then that is allowed', async () => {
    const response = await list(w.site.readApi, { filters: { sections: { $notNull: true } } })
    expect(response.status).toBe(200)
    expect(response.body.docs).toHaveLength(3)
  })

  it('components: fields select whole components — when fields names a component and a text field, then the component comes whole and nothing else of data; a field inside it is 422', async () => {
    const response = await list(w.site.readApi, {
      filters: { seo: { title: { $eq: 'Alpha' } } },
      fields: 'seo,title',
    })
    expect(response.status).toBe(200)
    const [doc] = response.body.docs
    expect(doc.id).toBe(w.pages.Alpha)
    expect(doc.data).toEqual({
      title: 'Alpha page',
      seo: { title: 'Alpha', score: 3, image: w.images[0], author: w.ann },
    })
    expect(doc).not.toHaveProperty('createdAt')
    const inside = await list(w.site.readApi, { fields: 'seo.title' })
    expect(inside.status).toBe(422)
    expect(inside.body.error.details[0].message).toContain('name "seo"')
  })
})
