import { beforeEach, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { ApiResponse, TestWebsite } from '@cms/testkit'

let site: TestWebsite

beforeEach(async () => {
  site = await createTestWebsite()
})

const defineType = async (definition: Record<string, unknown>, on: TestWebsite = site) => {
  const response = await on.api('POST', '/api/content-types', { body: definition })
  expect(response.status, response.text).toBe(201)
  return response.body
}
const detailsOf = (response: ApiResponse) => response.body.error?.details ?? []
const noType = (name: string) =>
  `must name a content type of this website; there is no content type ${name}`

describe('relation fields of content types through the gateway', () => {
  it('types: a relation targets a type of the website — when relation fields name a type of the website and the type itself, then 201 with target and many as sent', async () => {
    await defineType({ name: 'person', fields: [{ name: 'name', type: 'text' }] })
    const fields = [
      { name: 'author', label: 'Author', type: 'relation', target: 'person', required: true },
      { name: 'related', label: 'Related', type: 'relation', target: 'article', many: true },
    ]
    const created = await site.api('POST', '/api/content-types', {
      body: { name: 'article', fields },
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body.fields).toEqual([fields[0], { ...fields[1], required: false }])
    expect((await site.readApi('GET', '/api/content-types/article')).body.fields).toEqual(
      created.body.fields,
    )
  })

  it('types: a relation targets a type of the website; errors: validation errors list every problem — when targets name no type of the website, then one 422 names each fields[i].target and its type beside the other problems, and nothing is written', async () => {
    await defineType({ name: 'person' })
    const response = await site.api('POST', '/api/content-types', {
      body: {
        name: 'article',
        fields: [
          { name: 'author', type: 'relation', target: 'person' },
          { name: 'editor', type: 'relation', target: 'editor' },
          { name: 'body', type: 'blob' },
          { name: 'tags', type: 'relation', target: 'tag', many: true },
        ],
      },
    })
    expect(response.status).toBe(422)
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect(detailsOf(response)).toEqual([
      { path: 'fields[2].type', message: expect.any(String) },
      { path: 'fields[1].target', message: noType('editor') },
      { path: 'fields[3].target', message: noType('tag') },
    ])
    expect((await site.api('GET', '/api/content-types/article')).status).toBe(404)
  })

  it("types: a relation targets a type of the website; auth: a key sees its own website only — when the target is a type of another website only, then 422 and the other website's type is not revealed", async () => {
    const other = await createTestWebsite()
    await defineType({ name: 'secret', fields: [{ name: 'x', type: 'text' }] }, other)
    const response = await site.api('POST', '/api/content-types', {
      body: { name: 'article', fields: [{ name: 'leak', type: 'relation', target: 'secret' }] },
    })
    expect(response.status).toBe(422)
    expect(detailsOf(response)).toEqual([{ path: 'fields[0].target', message: noType('secret') }])
  })

  it('types: a relation targets a type of the website — when a PATCH sets a target that is no type, then 422 and the type is unchanged', async () => {
    await defineType({ name: 'person' })
    const article = await defineType({
      name: 'article',
      fields: [{ name: 'author', type: 'relation', target: 'person' }],
    })
    const response = await site.api('PATCH', '/api/content-types/article', {
      body: { fields: [{ name: 'author', type: 'relation', target: 'persons' }] },
    })
    expect(response.status).toBe(422)
    expect(detailsOf(response)).toEqual([{ path: 'fields[0].target', message: noType('persons') }])
    expect((await site.api('GET', '/api/content-types/article')).body).toEqual(article)
  })

  it('types: a type that relations target is not deleted — when relation fields of other types target it, then DELETE is 409 CONFLICT naming each type and field, and it is deleted once they are gone', async () => {
    const tag = await defineType({ name: 'tag' })
    await defineType({
      name: 'article',
      fields: [{ name: 'tags', type: 'relation', target: 'tag', many: true }],
    })
    await defineType({
      name: 'page',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'topics', type: 'relation', target: 'tag', many: true },
        { name: 'primary', type: 'relation', target: 'tag' },
      ],
    })
    const refused = await site.api('DELETE', '/api/content-types/tag')
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('CONFLICT')
    expect(refused.body.error.message).toContain('article.tags, page.topics, page.primary')
    expect(detailsOf(refused).map((detail: { path: string }) => detail.path)).toEqual([
      'article.tags',
      'page.topics',
      'page.primary',
    ])
    expect((await site.api('GET', '/api/content-types/tag')).body).toEqual(tag)

    expect((await site.api('DELETE', '/api/content-types/article')).status).toBe(204)
    const patched = await site.api('PATCH', '/api/content-types/page', {
      body: { fields: [{ name: 'title', type: 'text' }] },
    })
    expect(patched.status, patched.text).toBe(200)
    expect((await site.api('DELETE', '/api/content-types/tag')).status).toBe(204)
  })

  it('types: a type that relations target is not deleted — when a type relates only to itself, then it is deleted (204)', async () => {
    await defineType({
      name: 'category',
      fields: [
        { name: 'parent', type: 'relation', target: 'category' },
        { name: 'children', type: 'relation', target: 'category', many: true },
      ],
    })
    expect((await site.api('DELETE', '/api/content-types/category')).status).toBe(204)
    expect((await site.api('GET', '/api/content-types/category')).status).toBe(404)
  })

  it('types: relation target and many can change; types: a change applies to the next write — when a PATCH makes a relation many and then retargets it, then 200, the stored value is not rewritten, and the next write is checked against the new definition', async () => {
    await defineType({ name: 'person', fields: [{ name: 'name', type: 'text' }] })
    await defineType({ name: 'team' })
    await defineType({
      name: 'article',
      fields: [{ name: 'author', type: 'relation', target: 'person' }],
    })
    const ada = await site.api('POST', '/api/content', {
      body: { type: 'person', data: { name: 'Ada' } },
    })
    expect(ada.status, ada.text).toBe(201)
    const article = await site.api('POST', '/api/content', {
      body: { type: 'article', data: { author: ada.body.id } },
    })
    expect(article.status, article.text).toBe(201)

    const many = await site.api('PATCH', '/api/content-types/article', {
      body: { fields: [{ name: 'author', type: 'relation', target: 'person', many: true }] },
    })
    expect(many.status, many.text).toBe(200)
    expect(many.body.fields[0]).toMatchObject({ target: 'person', many: true })
    const stored = await site.api('GET', `/api/content/${article.body.id}?draft=true`)
    expect(stored.body.data.author).toBe(ada.body.id)
    const single = await site.api('PATCH', `/api/content/${article.body.id}`, {
      body: { data: { author: ada.body.id } },
    })
    expect(single.status).toBe(422)
    expect(detailsOf(single).map((detail: { path: string }) => detail.path)).toEqual([
      'data.author',
    ])

    const retargeted = await site.api('PATCH', '/api/content-types/article', {
      body: { fields: [{ name: 'author', type: 'relation', target: 'team', many: true }] },
    })
    expect(retargeted.status, retargeted.text).toBe(200)
    expect(retargeted.body.fields[0]).toMatchObject({ target: 'team', many: true })
    const kept = await site.api('GET', `/api/content/${article.body.id}?draft=true`)
    expect(kept.body.data.author).toBe(ada.body.id)
    expect(kept.body.version).toBe(article.body.version)
  })
})
