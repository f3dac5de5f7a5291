import { createTestWebsite } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import { expectStatus } from './content-fixtures.ts'
import { makeImage, upload } from './media-kit.ts'

/**
 * Articles with an author, tags and a blocks body (a hero with an image, a quote by a person),
 * and localized pages (en, fr): the website the GraphQL tests read and write.
 */
export const COMPONENTS = [
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
    ],
  },
]

export const TYPES = [
  { name: 'person', titleField: 'name', fields: [{ name: 'name', type: 'text' }] },
  { name: 'tag', titleField: 'label', fields: [{ name: 'label', type: 'text' }] },
  {
    name: 'blog-article',
    titleField: 'title',
    slugField: 'title',
    fields: [
      { name: 'title', type: 'text', required: true },
      { name: 'views', type: 'integer' },
      { name: 'author', type: 'relation', target: 'person' },
      { name: 'tags', type: 'relation', target: 'tag', many: true },
      { name: 'body', type: 'blocks', components: ['hero', 'quote'] },
    ],
  },
  {
    name: 'page',
    titleField: 'title',
    localized: true,
    fields: [{ name: 'title', type: 'text' }],
  },
]

export interface GraphqlWorld {
  site: TestWebsite
  image: string
  people: string[]
  tags: string[]
}

export async function created(api: ApiCall, type: string, data: object, publish = true) {
  const response = await expectStatus(api('POST', '/api/content', { body: { type, data } }), 201)
  const id = response.body.id as string
  if (publish) await expectStatus(api('POST', `/api/content/${id}/publish`), 200)
  return id
}

/** The article `n` of the world: an author, two tags, a hero with the image and a quote. */
export const articleData = (world: GraphqlWorld, n: number) => ({
  title: `Article ${String(n).padStart(2, '0')}`,
  views: n * 10,
  author: world.people[n % world.people.length],
  tags: [world.tags[n % 2], world.tags[2]],
  body: [
    { __component: 'hero', heading: `Hero ${n}`, image: world.image },
    { __component: 'quote', text: `Quote ${n}`, by: world.people[(n + 1) % world.people.length] },
  ],
})

export async function graphqlWorld(articles: number): Promise<GraphqlWorld> {
  const site = await createTestWebsite()
  const { api } = site
  const locales = { locales: [{ code: 'en', default: true }, { code: 'fr' }] }
  await expectStatus(api('PUT', '/api/locales', { body: locales }), 200)
  const [person, tag, article, page] = TYPES
  for (const body of [person, tag])
    await expectStatus(api('POST', '/api/content-types', { body }), 201)
  for (const body of COMPONENTS) await expectStatus(api('POST', '/api/components', { body }), 201)
  for (const body of [article, page])
    await expectStatus(api('POST', '/api/content-types', { body }), 201)
  const uploaded = await upload(site, { bytes: await makeImage(), name: 'cover.png' })
  const people = await Promise.all(
    ['Ann', 'Bob', 'Cyd'].map((name) => created(api, 'person', { name })),
  )
  const tags = await Promise.all(
    ['news', 'tech', 'all'].map((label) => created(api, 'tag', { label })),
  )
  const world = { site, image: uploaded.body.id as string, people, tags }
  for (let n = 1; n <= articles; n++) await created(api, 'blog-article', articleData(world, n))
  return world
}
