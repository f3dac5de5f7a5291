import { beforeEach, describe, expect, it } from 'vitest'
import { createTestWebsite } from '@cms/testkit'
import type { ApiResponse, TestWebsite } from '@cms/testkit'

let site: TestWebsite

beforeEach(async () => {
  site = await createTestWebsite()
})

const defineType = async (definition: Record<string, unknown>) => {
  const response = await site.api('POST', '/api/content-types', { body: definition })
  expect(response.status, response.text).toBe(201)
}
const changeType = async (name: string, patch: Record<string, unknown>) => {
  const response = await site.api('PATCH', `/api/content-types/${name}`, { body: patch })
  expect(response.status, response.text).toBe(200)
}
const createDocument = (type: string, data: unknown) =>
  site.api('POST', '/api/content', { body: { type, data } })
const pathsOf = (response: ApiResponse) =>
  (response.body.error?.details ?? []).map((detail: { path: string }) => detail.path)

describe('a document write against a changed type is validated by the new definition immediately', () => {
  it('types: a change applies to the next write — when a required field is added, then the very next write without it is 422 and with it 201', async () => {
    await defineType({ name: 'note', fields: [{ name: 'text', type: 'text' }] })
    expect((await createDocument('note', { text: 'before' })).status).toBe(201)
    await changeType('note', {
      fields: [
        { name: 'text', type: 'text' },
        {
          name: 'mood',
          type: 'select',
          options: ['calm'],
          required: true,
        },
      ],
    })
    const missing = await createDocument('note', { text: 'after' })
    expect(missing.status).toBe(422)
    expect(pathsOf(missing)).toEqual(['data.mood'])
    expect((await createDocument('note', { text: 'after', mood: 'calm' })).status).toBe(201)
  })

  it('types: a change applies to the next write — when a field is removed, then the very next write that sends it is 422 naming the key', async () => {
    await defineType({
      name: 'note',
      fields: [
        { name: 'text', type: 'text' },
        { name: 'old', type: 'text' },
      ],
    })
    expect((await createDocument('note', { text: 'a', old: 'x' })).status).toBe(201)
    await changeType('note', { fields: [{ name: 'text', type: 'text' }] })
    const response = await createDocument('note', { text: 'a', old: 'x' })
    expect(response.status).toBe(422)
    expect(pathsOf(response)).toEqual(['data.old'])
  })

  it('when a field changes type, then values of the old shape are refused and of the new shape accepted', async () => {
    await defineType({ name: 'score', fields: [{ name: 'value', type: 'text' }] })
    expect((await createDocument('score', { value: 'ten' })).status).toBe(201)
    await changeType('score', { fields: [{ name: 'value', type: 'integer', min: 0, max: 10 }] })
    expect(pathsOf(await createDocument('score', { value: 'ten' }))).toEqual(['data.value'])
    expect(pathsOf(await createDocument('score', { value: 11 }))).toEqual(['data.value'])
    expect((await createDocument('score', { value: 10 })).status).toBe(201)
  })

  it('when select options and maxLength change, then the next writes follow the new ones', async () => {
    await defineType({
      name: 'post',
      fields: [
        { name: 'kind', type: 'select', options: ['a', 'b'] },
        {
          name: 'title',
          type: 'text',
          maxLength: 100,
        },
      ],
    })
    expect((await createDocument('post', { kind: 'a', title: 'x'.repeat(50) })).status).toBe(201)
    await changeType('post', {
      fields: [
        { name: 'kind', type: 'select', options: ['b', 'c'] },
        {
          name: 'title',
          type: 'text',
          maxLength: 10,
        },
      ],
    })
    const refused = await createDocument('post', { kind: 'a', title: 'x'.repeat(50) })
    expect(refused.status).toBe(422)
    expect(pathsOf(refused).sort()).toEqual(['data.kind', 'data.title'])
    expect((await createDocument('post', { kind: 'c', title: 'short' })).status).toBe(201)
  })

  it('when a document is patched after its type changed, then the merged data is validated by the new definition', async () => {
    await defineType({ name: 'note', fields: [{ name: 'text', type: 'text' }] })
    const created = await createDocument('note', { text: 'a' })
    await changeType('note', { fields: [{ name: 'text', type: 'integer' }] })
    const patch = await site.api('PATCH', `/api/content/${created.body.id}`, {
      body: { data: { text: 'still text' } },
    })
    expect(patch.status).toBe(422)
    expect(pathsOf(patch)).toEqual(['data.text'])
    expect(
      (await site.api('PATCH', `/api/content/${created.body.id}`, { body: { data: { text: 3 } } }))
        .status,
    ).toBe(200)
  })

  it('when a type is deleted, then the next write of that type is refused', async () => {
    await defineType({ name: 'gone', fields: [{ name: 'text', type: 'text' }] })
    expect((await site.api('DELETE', '/api/content-types/gone')).status).toBe(204)
    const response = await createDocument('gone', { text: 'x' })
    expect(response.status).toBe(422)
  })
})

describe('deleting a type that has documents', () => {
  it('types: delete is 409 while documents exist — when a draft of the type exists, then DELETE is 409 CONFLICT; once it is deleted, 204', async () => {
    await defineType({ name: 'article', fields: [{ name: 'title', type: 'text' }] })
    const document = await createDocument('article', { title: 'draft only' })
    expect(document.body.status).toBe('draft')
    const refused = await site.api('DELETE', '/api/content-types/article')
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('CONFLICT')
    expect((await site.api('GET', '/api/content-types/article')).status).toBe(200)
    expect((await site.api('DELETE', `/api/content/${document.body.id}`)).status).toBe(204)
    expect((await site.api('DELETE', '/api/content-types/article')).status).toBe(204)
  })

  it('types: delete is 409 while documents exist — when a published document of the type exists, then DELETE is 409', async () => {
    await defineType({ name: 'page', fields: [{ name: 'title', type: 'text' }] })
    const document = await createDocument('page', { title: 'live' })
    expect((await site.api('POST', `/api/content/${document.body.id}/publish`)).status).toBe(200)
    expect((await site.api('DELETE', '/api/content-types/page')).status).toBe(409)
  })

  it('when only another type or another website has documents, then DELETE is 204', async () => {
    await defineType({ name: 'used', fields: [{ name: 'title', type: 'text' }] })
    await defineType({ name: 'unused', fields: [{ name: 'title', type: 'text' }] })
    expect((await createDocument('used', { title: 'x' })).status).toBe(201)
    const other = await createTestWebsite()
    expect(
      (
        await other.api('POST', '/api/content-types', {
          body: { name: 'unused', fields: [{ name: 'title', type: 'text' }] },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await other.api('POST', '/api/content', {
          body: { type: 'unused', data: { title: 'theirs' } },
        })
      ).status,
    ).toBe(201)
    expect((await site.api('DELETE', '/api/content-types/unused')).status).toBe(204)
    expect((await site.api('DELETE', '/api/content-types/used')).status).toBe(409)
  })
})
