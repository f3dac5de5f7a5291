import { describe, expect, it } from 'vitest'
import { websiteClient } from './support/schema-client.ts'

const article = {
  name: 'article',
  label: 'Article',
  description: 'News and long reads',
  slugField: 'title',
  titleField: 'title',
  icon: 'file-text',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    { name: 'body', label: 'Body', type: 'richText' },
    { name: 'tags', label: 'Tags', type: 'tags' },
    { name: 'rating', label: 'Rating', type: 'integer', min: 1, max: 5 },
    { name: 'kind', label: 'Kind', type: 'select', options: ['news', 'opinion'] },
  ],
}

describe('content types: create and read', () => {
  it('when a type is created with only a name, then 201 returns it with an id, version 1 and defaults', async () => {
    const { admin } = websiteClient()
    const created = await admin('POST', '/api/content-types', { body: { name: 'page' } })
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toBe('/api/content-types/page')
    expect(created.body).toEqual({
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      name: 'page',
      label: 'page',
      fields: [],
      version: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updatedAt: created.body.createdAt,
    })
  })

  it('when a full type is created, then every member comes back, with field defaults filled in', async () => {
    const { admin } = websiteClient()
    const created = await admin('POST', '/api/content-types', { body: article })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ ...article, version: 1 })
    expect(created.body.fields.map((field: { required: boolean }) => field.required)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ])
    const read = await admin('GET', '/api/content-types/article')
    expect(read.status).toBe(200)
    expect(read.body).toEqual(created.body)
  })

  it('when a field is sent without label or required, then label is its name and required is false', async () => {
    const { admin } = websiteClient()
    const created = await admin('POST', '/api/content-types', {
      body: { name: 'note', fields: [{ name: 'text', type: 'textarea' }] },
    })
    expect(created.body.fields).toEqual([
      {
        name: 'text',
        label: 'text',
        type: 'textarea',
        required: false,
      },
    ])
  })

  it('when several types exist, then the list is {docs} sorted by name', async () => {
    const { admin } = websiteClient()
    for (const name of ['post', 'author', 'z-last', 'category', 'a_first']) {
      expect((await admin('POST', '/api/content-types', { body: { name } })).status).toBe(201)
    }
    const list = await admin('GET', '/api/content-types')
    expect(list.status).toBe(200)
    expect(Object.keys(list.body)).toEqual(['docs'])
    expect(list.body.docs.map((type: { name: string }) => type.name)).toEqual([
      'a_first',
      'author',
      'category',
      'post',
      'z-last',
    ])
    expect(list.body.docs[0]).toMatchObject({ id: expect.any(String), version: 1, fields: [] })
  })

  it('when a website has no types, then the list is empty', async () => {
    const list = await websiteClient().read('GET', '/api/content-types')
    expect(list.status).toBe(200)
    expect(list.body).toEqual({ docs: [] })
  })

  it('when a name is taken in the website, then creating it again is 409 CONFLICT and the first stays', async () => {
    const { admin } = websiteClient()
    const first = await admin('POST', '/api/content-types', { body: article })
    const second = await admin('POST', '/api/content-types', {
      body: { name: 'article', label: 'Other' },
    })
    expect(second.status).toBe(409)
    expect(second.body.error.code).toBe('CONFLICT')
    expect(second.body.error.message).toContain('article')
    expect((await admin('GET', '/api/content-types/article')).body).toEqual(first.body)
  })

  it('when another website uses the same name, then both have their own type and neither sees the other', async () => {
    const one = websiteClient()
    const two = websiteClient()
    const created = await one.admin('POST', '/api/content-types', { body: article })
    expect((await two.admin('GET', '/api/content-types/article')).status).toBe(404)
    expect((await two.admin('GET', '/api/content-types')).body).toEqual({ docs: [] })
    const other = await two.admin('POST', '/api/content-types', {
      body: { name: 'article', label: 'Theirs' },
    })
    expect(other.status).toBe(201)
    expect(other.body.id).not.toBe(created.body.id)
    expect((await one.admin('GET', '/api/content-types/article')).body.label).toBe('Article')
    expect((await one.admin('DELETE', '/api/content-types/nothing-here')).status).toBe(404)
  })

  it.each([
    'missing',
    'Article',
    'a%20b',
    `${'a'.repeat(65)}`,
    '%F0%9F%98%80',
    '__proto__',
    'constructor',
  ])(
    'when the type %j does not exist or cannot exist, then GET, PATCH and DELETE are 404',
    async (name) => {
      const { admin } = websiteClient()
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const response = await admin(
          method,
          `/api/content-types/${name}`,
          method === 'PATCH' ? { body: { label: 'x' } } : {},
        )
        expect(response.status, method).toBe(404)
        expect(response.body.error.code).toBe('NOT_FOUND')
      }
    },
  )
})

describe('content types: scopes', () => {
  it('when a read key lists and gets types, then it may', async () => {
    const website = websiteClient()
    await website.admin('POST', '/api/content-types', { body: article })
    expect((await website.read('GET', '/api/content-types')).body.docs).toHaveLength(1)
    expect((await website.read('GET', '/api/content-types/article')).status).toBe(200)
  })

  it('when a read key creates, changes or deletes a type, then it is 403 FORBIDDEN and nothing changes', async () => {
    const website = websiteClient()
    const created = await website.admin('POST', '/api/content-types', { body: article })
    const attempts = [
      await website.read('POST', '/api/content-types', { body: { name: 'other' } }),
      await website.read('PATCH', '/api/content-types/article', { body: { label: 'Changed' } }),
      await website.read('DELETE', '/api/content-types/article'),
    ]
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403)
      expect(attempt.body.error.code).toBe('FORBIDDEN')
    }
    expect((await website.admin('GET', '/api/content-types')).body.docs).toEqual([created.body])
  })
})

describe('content types: routing', () => {
  it('when a method the path does not have is used, then it is 405 with Allow in the contract shape', async () => {
    const { admin } = websiteClient()
    const response = await admin('PUT', '/api/content-types/article', { body: article })
    expect(response.status).toBe(405)
    expect(response.body.error.code).toBe('METHOD_NOT_ALLOWED')
    expect(response.headers.get('allow')).toContain('PATCH')
    const onCollection = await admin('DELETE', '/api/content-types')
    expect(onCollection.status).toBe(405)
  })

  it('when an unknown path is asked, then it is 404 in the contract shape', async () => {
    const response = await websiteClient().admin('GET', '/api/content-types/article/fields')
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('NOT_FOUND')
  })
})
