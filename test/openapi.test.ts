import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { Validator } from '@seriousme/openapi-schema-validator'
import { adminClient, createAnswerChecker, createTestWebsite, testEnv } from '@cms/testkit'
import type { ApiResponse, TestWebsite } from '@cms/testkit'
import { EVERY_FIELD } from './openapi-kit.ts'
import { makeImage, upload } from './media-kit.ts'

type Json = Record<string, any>

async function ok<T = any>(response: Promise<ApiResponse<T>>, status = 200): Promise<T> {
  const answer = await response
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${answer.text}`)
  return answer.body
}

/** A website with en and fr, an author type and a localized product with every field kind. */
async function catalogWebsite(): Promise<TestWebsite> {
  const site = await createTestWebsite()
  await ok(
    site.api('PUT', '/api/locales', {
      body: {
        locales: [
          { code: 'en', default: true },
          { code: 'fr', fallback: 'en' },
        ],
      },
    }),
  )
  await ok(
    site.api('POST', '/api/content-types', {
      body: { name: 'author', titleField: 'name', fields: [{ name: 'name', type: 'text' }] },
    }),
    201,
  )
  await ok(
    site.api('POST', '/api/content-types', {
      body: {
        name: 'product',
        titleField: 'title',
        localized: true,
        fields: EVERY_FIELD.map((field) => ({
          ...field,
          ...(field.name === 'title' && { required: true }),
          ...(field.name === 'price' && { localized: false }),
        })),
      },
    }),
    201,
  )
  return site
}

describe('OpenAPI documents through the gateway', () => {
  let site: TestWebsite
  let document: Json

  beforeAll(async () => {
    site = await catalogWebsite()
    document = await ok(site.api('GET', '/api/openapi.json'))
  })

  it("openapi: a document per website — when a website has content types and locales, then any key reads an OpenAPI 3.1 document with each type's data, documents and create bodies, and another website's document has none of them", async () => {
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(document.openapi).toBe('3.1.0')
    const schemas = document.components.schemas
    const data = schemas['product.Data']
    expect(Object.keys(data.properties)).toEqual(EVERY_FIELD.map((field) => field.name))
    expect(JSON.stringify(data.properties.size)).toContain('"enum":["s","m","l"]')
    // A localized field is its value, or with locale=* its values keyed by the website's codes.
    expect(data.properties.title.anyOf[1].propertyNames).toEqual({ enum: ['en', 'fr'] })
    expect(data.properties.price).toMatchObject({
      anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }],
    })
    // Relations and media are ids, or populated documents and files.
    expect(JSON.stringify(data.properties.author)).toContain('#/components/schemas/author.Document')
    expect(JSON.stringify(data.properties.gallery)).toContain('#/components/schemas/Media')
    expect(schemas.Document.discriminator.propertyName).toBe('type')
    expect(schemas['product.Create'].properties.data.required).toEqual(['title'])
    // A required field is never null in a create, as the API refuses it; an optional one may be.
    expect(
      JSON.stringify(schemas['product.Create'].properties.data.properties.title),
    ).not.toContain('"null"')
    expect(JSON.stringify(schemas['product.Create'].properties.data.properties.price)).toContain(
      '"null"',
    )
    const nullTitle = await site.api('POST', '/api/content', {
      body: { type: 'product', data: { title: null } },
    })
    expect(nullTitle.status).toBe(422)
    // Generated clients take their base URL from servers: the gateway's root.
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }])
    expect(document.paths['/api/content/{id}'].patch.responses['412']).toBeDefined()
    expect(document.paths['/api/content'].get.parameters.map((p: Json) => p.name)).toContain(
      'filters',
    )
    // A read key's has the same types and describes what it may call; another website's has
    // only its own types.
    const readers = await ok(site.readApi('GET', '/api/openapi.json'))
    expect(readers.components).toEqual(document.components)
    expect(readers.paths['/api/content'].get).toEqual(document.paths['/api/content'].get)
    expect(readers.paths['/api/content'].post).toBeUndefined()
    const other = await createTestWebsite()
    const theirs = await ok(other.readApi('GET', '/api/openapi.json'))
    expect(theirs.components.schemas['product.Data']).toBeUndefined()
    expect(
      (await site.readApi('GET', '/api/openapi.json', { headers: { 'x-api-key': 'cms_x' } }))
        .status,
    ).toBe(401)
  })

  it("openapi: answers match the document — when documents of every field kind are written and read plain, populated, in every locale and with fields, then each answer validates against the website's own document", async () => {
    const checker = createAnswerChecker({
      public: document,
      admin: await ok(adminClient()('GET', '/admin/api/openapi.json')),
    })
    const checked: string[] = []
    const call = async (method: string, path: string, body?: unknown, status = 200) => {
      const answer = await site.api(method, path, body === undefined ? {} : { body })
      expect(answer.status, answer.text).toBe(status)
      const problem = checker.problem({
        method,
        path,
        status: answer.status,
        contentType: answer.headers.get('content-type'),
        text: answer.text,
        body: answer.body,
      })
      expect(problem).toBeUndefined()
      checked.push(`${method} ${path.split('?')[0]}`)
      return answer.body
    }
    const image = await upload(site, { bytes: await makeImage(), name: 'a.png' }, { alt: 'A' })
    expect(image.status).toBe(201)
    const author = await call(
      'POST',
      '/api/content',
      { type: 'author', data: { name: 'Ann' } },
      201,
    )
    await call('POST', `/api/content/${author.id}/publish`)
    const values = {
      title: 'Chair',
      summary: 'A chair\nto sit on',
      body: { type: 'doc', content: [{ type: 'paragraph' }] },
      tags: ['wood'],
      price: 19.5,
      stock: 3,
      onSale: true,
      day: '2026-05-01',
      at: '2026-05-01T10:00:00Z',
      contact: 'shop@example.com',
      site: 'https://example.com/chair',
      size: 'm',
      extra: { any: ['thing', 1] },
      author: author.id,
      related: [],
      image: image.body.id,
      gallery: [image.body.id],
    }
    const product = await call('POST', '/api/content', { type: 'product', data: values }, 201)
    await call('PATCH', `/api/content/${product.id}?locale=fr`, { data: { title: 'Chaise' } })
    await call('POST', `/api/content/${product.id}/publish`)
    await call('GET', `/api/content/${product.id}`)
    await call('GET', `/api/content/${product.id}?locale=fr`)
    await call('GET', `/api/content/${product.id}?locale=*`)
    await call('GET', `/api/content/${product.id}?populate=*`)
    await call('GET', `/api/content/${product.id}?populate[author][fields]=name&locale=*`)
    await call('GET', `/api/content/by-slug/product/${product.slug}?populate=author,image`)
    await call('GET', '/api/content?type=product&populate=*')
    await call('GET', '/api/content?fields=title,slug')
    await call('GET', '/api/content?pagination[withCount]=false&draft=true')
    await call('GET', `/api/content/${product.id}/versions`)
    await call('GET', `/api/content/${author.id}/referenced-by`)
    await call('GET', '/api/content-types')
    await call('GET', '/api/locales')
    await call('GET', '/api/media')
    await call('POST', '/api/content', { type: 'product', data: { title: 7 } }, 422)
    await call('GET', `/api/content/${randomUUID()}`, undefined, 404)
    expect(checked.length).toBe(21)
  })

  it('openapi: the admin document — when the admin token asks, then the admin API is described; without it, 401', async () => {
    const admin = await ok(adminClient()('GET', '/admin/api/openapi.json'))
    expect((await new Validator().validate(admin)).valid).toBe(true)
    expect(admin.paths['/admin/api/websites/{id}/keys'].post.responses['201']).toBeDefined()
    expect(admin.components.securitySchemes.adminToken.scheme).toBe('bearer')
    const anonymous = await fetch(`${testEnv().gatewayUrl}/admin/api/openapi.json`)
    expect(anonymous.status).toBe(401)
    // An API key is no admin token.
    expect((await site.api('GET', '/admin/api/openapi.json')).status).toBe(401)
  })
})
