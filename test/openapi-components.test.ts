import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { beforeAll, describe, expect, it } from 'vitest'
import { Validator } from '@seriousme/openapi-schema-validator'
import { adminClient, createAnswerChecker, createTestWebsite } from '@cms/testkit'
import type { ApiResponse, TestWebsite } from '@cms/testkit'
import { makeImage, upload } from './media-kit.ts'
import { issueKey } from './permissions-kit.ts'

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

type Json = Record<string, any>

async function ok<T = any>(response: Promise<ApiResponse<T>>, status = 200): Promise<T> {
  const answer = await response
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`)
  return answer.body
}

/**
 * A website with en and fr, an author type, components (an SEO group; hero, quote and card
 * grid blocks; a card used by the hero and the grid) and a localized landing page type.
 */
async function landingWebsite(): Promise<TestWebsite> {
  const site = await createTestWebsite()
  const post = (path: string, body: unknown) => ok(site.api('POST', path, { body }), 201)
  await ok(
    site.api('PUT', '/api/locales', {
      body: { locales: [{ code: 'en', default: true }, { code: 'fr' }] },
    }),
  )
  await post('/api/content-types', {
    name: 'author',
    titleField: 'name',
    fields: [{ name: 'name', type: 'text' }],
  })
  for (const component of [
    {
      name: 'seo',
      fields: [
        { name: 'title', type: 'text', required: true, maxLength: 60 },
        { name: 'image', type: 'media' },
      ],
    },
    {
      name: 'card',
      fields: [
        { name: 'label', type: 'text', required: true, pattern: '^[A-Z]' },
        { name: 'link', type: 'url' },
      ],
    },
    {
      name: 'hero',
      fields: [
        { name: 'heading', type: 'text', required: true },
        { name: 'image', type: 'media' },
        { name: 'cta', type: 'component', component: 'card' },
      ],
    },
    {
      name: 'quote',
      fields: [
        { name: 'text', type: 'textarea', required: true },
        { name: 'by', type: 'relation', target: 'author' },
      ],
    },
    {
      name: 'grid',
      fields: [{ name: 'cards', type: 'component', component: 'card', repeatable: true, min: 1 }],
    },
  ])
    await post('/api/components', component)
  await post('/api/content-types', {
    name: 'landing',
    titleField: 'title',
    localized: true,
    fields: [
      { name: 'title', type: 'text', required: true, unique: true },
      { name: 'seo', type: 'component', component: 'seo' },
      { name: 'sections', type: 'blocks', components: ['hero', 'quote', 'grid'], max: 20 },
    ],
  })
  await post('/api/content-types', {
    name: 'article',
    titleField: 'title',
    fields: [
      { name: 'title', type: 'text', required: true },
      { name: 'seo', type: 'component', component: 'seo' },
    ],
  })
  return site
}

describe('OpenAPI documents of components and blocks', () => {
  let site: TestWebsite
  let document: Json

  beforeAll(async () => {
    site = await landingWebsite()
    document = await ok(site.api('GET', '/api/openapi.json'))
  }, 120_000)

  it("openapi: components and blocks are described — when a website's types use components and blocks, then the served document validates, each component is one named schema its uses refer to, and blocks are oneOf with a __component discriminator", async () => {
    expect((await new Validator().validate(document)).errors ?? []).toEqual([])
    const schemas = document.components.schemas
    const named = (prefix: string) =>
      Object.keys(schemas).filter((name) => name.startsWith(`${prefix}.`))
    expect(named('seo')).toEqual(['seo.Component', 'seo.ComponentInput'])
    expect(named('card')).toEqual(['card.Component', 'card.ComponentInput'])
    for (const type of ['landing', 'article'])
      expect(JSON.stringify(schemas[`${type}.Data`].properties.seo)).toContain(
        '"$ref":"#/components/schemas/seo.Component"',
      )
    expect(JSON.stringify(schemas['hero.Component'].properties.cta)).toContain('card.Component')
    expect(schemas['grid.ComponentInput'].properties.cards.anyOf[0]).toMatchObject({
      type: 'array',
      minItems: 1,
    })
    const sections = schemas['landing.Create'].properties.data.properties.sections.anyOf[0]
    expect(sections).toMatchObject({ type: 'array', maxItems: 20 })
    expect(sections.items.discriminator).toEqual({
      propertyName: '__component',
      mapping: {
        hero: '#/components/schemas/hero.BlockInput',
        quote: '#/components/schemas/quote.BlockInput',
        grid: '#/components/schemas/grid.BlockInput',
      },
    })
    expect(schemas['card.ComponentInput'].properties.label.pattern).toBe('^[A-Z]')
    expect(schemas['landing.Create'].properties.data.properties.title.description).toContain(
      'Unique',
    )
    // A key that reads only articles sees the component articles use, and none of the blocks.
    const articles = await issueKey(site.websiteId, { role: 'viewer', types: ['article'] })
    const theirs = await ok(articles.api('GET', '/api/openapi.json'))
    expect((await new Validator().validate(theirs)).errors ?? []).toEqual([])
    const shown = Object.keys(theirs.components.schemas).filter((name) => /^[a-z]+\./.test(name))
    expect(shown.sort()).toEqual(
      [
        'article.Create',
        'article.Data',
        'article.Document',
        'seo.Component',
        'seo.ComponentInput',
      ].sort(),
    )
  })

  it('openapi: components and blocks are described — when a landing page with nested blocks is written and read plain, in every locale and populated, then each answer and its data match the document, and a wrong block does not', async () => {
    const checker = createAnswerChecker({
      public: document,
      admin: await ok(adminClient()('GET', '/admin/api/openapi.json')),
    })
    const call = async (method: string, path: string, body?: unknown, status = 200) => {
      const answer = await site.api(method, path, body === undefined ? {} : { body })
      expect(answer.status, answer.text).toBe(status)
      expect(
        checker.problem({
          method,
          path,
          status: answer.status,
          contentType: answer.headers.get('content-type'),
          text: answer.text,
          body: answer.body,
        }),
      ).toBeUndefined()
      return answer.body
    }
    const image = await upload(site, { bytes: await makeImage(), name: 'a.png' })
    expect(image.status).toBe(201)
    const author = await call(
      'POST',
      '/api/content',
      { type: 'author', data: { name: 'Ann' } },
      201,
    )
    await call('POST', `/api/content/${author.id}/publish`)
    const data = {
      title: 'Home',
      seo: { title: 'Home page', image: image.body.id },
      sections: [
        {
          __component: 'hero',
          heading: 'Welcome',
          image: image.body.id,
          cta: { label: 'Start', link: 'https://example.com' },
        },
        { __component: 'quote', text: 'Short.', by: author.id },
        { __component: 'grid', cards: [{ label: 'One' }, { label: 'Two', link: null }] },
      ],
    }
    const page = await call('POST', '/api/content', { type: 'landing', data }, 201)
    await call('PATCH', `/api/content/${page.id}?locale=fr`, {
      data: { title: 'Accueil', sections: [{ __component: 'quote', text: 'Court.' }] },
    })
    await call('POST', `/api/content/${page.id}/publish`)
    const plain = await call('GET', `/api/content/${page.id}`)
    await call('GET', `/api/content/${page.id}?locale=fr`)
    const everyLocale = await call('GET', `/api/content/${page.id}?locale=*`)
    await call('GET', `/api/content/${page.id}?populate=*`)
    await call('GET', `/api/content/${page.id}?populate[sections][populate]=*`)
    await call('GET', '/api/content?type=landing&populate[seo][populate]=*')
    await call('GET', `/api/content/${page.id}/versions`)

    // The data the API returns, checked on its own against the schema the document names.
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }))
    ajv.addSchema({ ...document, $id: 'site' })
    const schema = (name: string) => ajv.getSchema(`site#/components/schemas/${name}`)!
    expect(plain.data.sections.map((block: Json) => block.__component)).toEqual([
      'hero',
      'quote',
      'grid',
    ])
    expect(schema('landing.Data')(plain.data)).toBe(true)
    expect(schema('landing.Data')(everyLocale.data)).toBe(true)
    expect(schema('landing.Create')({ type: 'landing', data })).toBe(true)
    // What the API refuses, the document refuses too.
    for (const sections of [
      [{ __component: 'seo', title: 'not a block here' }],
      [{ __component: 'grid', cards: [] }],
      [{ __component: 'quote', text: 'x', colour: 'red' }],
      [{ __component: 'hero', heading: 'x', cta: { label: 'lower case' } }],
    ]) {
      const body = { type: 'landing', data: { title: 'Refused', sections } }
      expect(schema('landing.Create')(body), JSON.stringify(sections)).toBe(false)
      await call('POST', '/api/content', body, 422)
    }
  })
})
