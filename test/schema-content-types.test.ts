import { beforeAll, describe, expect, it } from 'vitest'
import { apiClient, createTestWebsite } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'

const article = {
  name: 'article',
  label: 'Article',
  slugField: 'title',
  titleField: 'title',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true },
    { name: 'kind', label: 'Kind', type: 'select', options: ['news', 'opinion'] },
  ],
}

let site: TestWebsite

beforeAll(async () => {
  site = await createTestWebsite()
})

describe('content types through the gateway', () => {
  it('when an admin key creates, lists, gets, patches and deletes a type, then each step answers per the contract', async () => {
    const { api } = await createTestWebsite()
    const created = await api('POST', '/api/content-types', { body: article })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ ...article, version: 1, id: expect.any(String) })
    expect((await api('POST', '/api/content-types', { body: { name: 'author' } })).status).toBe(201)

    const list = await api('GET', '/api/content-types')
    expect(list.status).toBe(200)
    expect(list.body.docs.map((type: { name: string }) => type.name)).toEqual(['article', 'author'])

    const patched = await api('PATCH', '/api/content-types/article', {
      body: { label: 'Story', fields: [article.fields[0]] },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ label: 'Story', version: 2, fields: [article.fields[0]] })
    expect((await api('GET', '/api/content-types/article')).body).toEqual(patched.body)

    const deleted = await api('DELETE', '/api/content-types/author')
    expect(deleted.status).toBe(204)
    expect((await api('GET', '/api/content-types/author')).status).toBe(404)
  })

  it('when a name is taken, then 409 CONFLICT', async () => {
    const { api } = await createTestWebsite()
    await api('POST', '/api/content-types', { body: article })
    const again = await api('POST', '/api/content-types', { body: article })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('CONFLICT')
  })

  it('when a definition breaks several rules, then one 422 carries a detail for each', async () => {
    const response = await site.api('POST', '/api/content-types', {
      body: {
        name: 'Bad Name',
        slugField: 'body',
        fields: [
          { name: 'body', type: 'richText' },
          { name: 'body', type: 'text' },
          { name: 'first-name', type: 'text' },
          { name: 'kind', type: 'select' },
          { name: 'x', type: 'blob' },
        ],
        colour: 'red',
      },
    })
    expect(response.status).toBe(422)
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect(
      response.body.error.details.map((detail: { path: string }) => detail.path).sort(),
    ).toEqual(
      [
        'colour',
        'name',
        'fields[1].name',
        'fields[2].name',
        'fields[3].options',
        'fields[4].type',
        'slugField',
      ].sort(),
    )
    for (const detail of response.body.error.details) expect(typeof detail.message).toBe('string')
  })

  it('when a PATCH sends a different name, then 422', async () => {
    await site.api('POST', '/api/content-types', { body: { name: 'renamable' } })
    const response = await site.api('PATCH', '/api/content-types/renamable', {
      body: { name: 'renamed' },
    })
    expect(response.status).toBe(422)
    expect(response.body.error.details).toEqual([
      {
        path: 'name',
        message: 'cannot be changed (the name is renamable)',
      },
    ])
  })

  it('when a read key reads types, then it may; when it writes, then 403 FORBIDDEN', async () => {
    await site.api('POST', '/api/content-types', { body: { name: 'readable' } })
    expect((await site.readApi('GET', '/api/content-types/readable')).status).toBe(200)
    expect((await site.readApi('GET', '/api/content-types')).status).toBe(200)
    for (const [method, path] of [
      ['POST', '/api/content-types'],
      ['PATCH', '/api/content-types/readable'],
      ['DELETE', '/api/content-types/readable'],
    ] as const) {
      const response = await site.readApi(
        method,
        path,
        method === 'DELETE' ? {} : { body: { name: 'readable' } },
      )
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(response.body.error.code).toBe('FORBIDDEN')
    }
  })

  it('when no or a wrong key is sent, then 401', async () => {
    expect((await apiClient('')('GET', '/api/content-types')).status).toBe(401)
    expect((await apiClient('not-a-key')('GET', '/api/content-types')).status).toBe(401)
  })

  it('when another website has a type of the same name, then neither sees nor changes the other', async () => {
    const other = await createTestWebsite()
    await site.api('POST', '/api/content-types', { body: { name: 'shared-name', label: 'Mine' } })
    expect((await other.api('GET', '/api/content-types/shared-name')).status).toBe(404)
    expect(
      (await other.api('PATCH', '/api/content-types/shared-name', { body: { label: 'Theirs' } }))
        .status,
    ).toBe(404)
    expect((await other.api('DELETE', '/api/content-types/shared-name')).status).toBe(404)
    expect(
      (await other.api('POST', '/api/content-types', { body: { name: 'shared-name' } })).status,
    ).toBe(201)
    expect((await site.api('GET', '/api/content-types/shared-name')).body.label).toBe('Mine')
  })
})

describe('unusual input through the gateway gives 422, never 500', () => {
  it.each<[string, unknown]>([
    ['a name with an emoji', { name: 'post😀' }],
    ['a name with a combining accent', { name: 'cafe\u0301' }],
    ['a name of 100,000 characters', { name: 'a'.repeat(100_000) }],
    ['a numeric name', { name: 12 }],
    ['an array body', [{ name: 'x' }]],
    ['fields as a string', { name: 'x', fields: 'title:text' }],
    ['a field of an unknown type', { name: 'x', fields: [{ name: 'f', type: 'string' }] }],
    ['a field name with Unicode', { name: 'x', fields: [{ name: 'tïtle', type: 'text' }] }],
    ['a label of 50,000 characters', { name: 'x', label: 'é'.repeat(50_000) }],
    ['a label with a lone surrogate', { name: 'x', label: '\udead' }],
    [
      'an option with a NUL',
      {
        name: 'x',
        fields: [{ name: 'f', type: 'select', options: ['a\u0000'] }],
      },
    ],
    [
      'an option of 10,000 characters',
      {
        name: 'x',
        fields: [{ name: 'f', type: 'select', options: ['o'.repeat(10_000)] }],
      },
    ],
    [
      'options of mixed JSON types',
      {
        name: 'x',
        fields: [{ name: 'f', type: 'select', options: ['a', 1, null, {}, []] }],
      },
    ],
    ['required as a number', { name: 'x', fields: [{ name: 'f', type: 'text', required: 1 }] }],
    ['min as a string', { name: 'x', fields: [{ name: 'f', type: 'number', min: '0' }] }],
  ])('when the definition has %s, then 422 with details', async (_, body) => {
    const response = await site.api('POST', '/api/content-types', { body })
    expect(response.status).toBe(422)
    expect(response.body.error.code).toBe('VALIDATION_ERROR')
    expect(response.body.error.details.length).toBeGreaterThan(0)
  })

  it('when labels and options use unusual but valid Unicode, then they are stored exactly', async () => {
    const body = {
      name: 'unicode-ok',
      label: '記事 · مقالة · Статья 👩‍💻',
      fields: [
        {
          name: 'kind',
          label: 'Ärt',
          type: 'select',
          options: ['café', 'cafe\u0301', '🙂', 'ǅ'],
        },
      ],
    }
    const created = await site.api('POST', '/api/content-types', { body })
    expect(created.status).toBe(201)
    expect((await site.api('GET', '/api/content-types/unicode-ok')).body).toMatchObject(body)
  })
})
