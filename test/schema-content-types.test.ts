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
  it('types: create 201, patch 200, delete 204; types: PATCH replaces the members it sends — when an admin key creates, lists, gets, patches and deletes a type, then each step answers per the contract', async () => {
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

  it('types: name unique per website — when a name is taken, then 409 CONFLICT', async () => {
    const { api } = await createTestWebsite()
    await api('POST', '/api/content-types', { body: article })
    const again = await api('POST', '/api/content-types', { body: article })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('CONFLICT')
  })

  it('types: name format; types: field names; errors: validation errors list every problem — when a definition breaks several rules, then one 422 carries a detail for each', async () => {
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

  it('types: name cannot change — when a PATCH sends a different name, then 422', async () => {
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

  it('auth: read keys read published content and types; auth: a missing scope is 403 — when a read key reads types, then it may; when it writes, then 403 FORBIDDEN', async () => {
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

  it('auth: a missing, unknown or revoked key is 401 — when no or a wrong key is sent, then 401', async () => {
    expect((await apiClient('')('GET', '/api/content-types')).status).toBe(401)
    expect((await apiClient('not-a-key')('GET', '/api/content-types')).status).toBe(401)
  })

  it('auth: a key sees its own website only; types: name unique per website — when another website has a type of the same name, then neither sees nor changes the other', async () => {
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

describe('content type defaults and references', () => {
  it('types: the list is sorted by name — when types are created out of order, then the list is sorted by name', async () => {
    const { api } = await createTestWebsite()
    for (const name of ['zeta', 'alpha', 'mid_one', 'beta-2']) {
      expect((await api('POST', '/api/content-types', { body: { name } })).status).toBe(201)
    }
    const list = await api('GET', '/api/content-types')
    expect(list.body.docs.map((type: { name: string }) => type.name)).toEqual([
      'alpha',
      'beta-2',
      'mid_one',
      'zeta',
    ])
  })

  it('types: label defaults to name, fields to []; types: field names — when a type or a field is sent without label, fields or required, then the defaults are filled in', async () => {
    const bare = await site.api('POST', '/api/content-types', { body: { name: 'bare_type' } })
    expect(bare.status, bare.text).toBe(201)
    expect(bare.body).toMatchObject({ name: 'bare_type', label: 'bare_type', fields: [] })
    const withField = await site.api('POST', '/api/content-types', {
      body: { name: 'with-field', fields: [{ name: '_Title9', type: 'text' }] },
    })
    expect(withField.status, withField.text).toBe(201)
    expect(withField.body.fields).toEqual([
      expect.objectContaining({ name: '_Title9', type: 'text', required: false }),
    ])
  })

  it('types: thirteen field types — when a field has a type outside the thirteen and relation, then 422 naming it', async () => {
    for (const type of ['string', 'Text', 'reference', 'file']) {
      const response = await site.api('POST', '/api/content-types', {
        body: { name: 'unknown-field-type', fields: [{ name: 'f', type }] },
      })
      expect(response.status, type).toBe(422)
      expect(response.body.error.details).toEqual([
        { path: 'fields[0].type', message: expect.any(String) },
      ])
    }
  })

  it('types: slugField and titleField name a text field — when they name a missing or non-text field, then 422; a text or textarea field is accepted', async () => {
    const fields = [
      { name: 'headline', type: 'text' },
      { name: 'summary', type: 'textarea' },
      { name: 'body', type: 'richText' },
    ]
    const refused = await site.api('POST', '/api/content-types', {
      body: { name: 'bad-refs', slugField: 'body', titleField: 'missing', fields },
    })
    expect(refused.status).toBe(422)
    expect(
      refused.body.error.details.map((detail: { path: string }) => detail.path).sort(),
    ).toEqual(['slugField', 'titleField'])
    const accepted = await site.api('POST', '/api/content-types', {
      body: { name: 'good-refs', slugField: 'summary', titleField: 'headline', fields },
    })
    expect(accepted.status, accepted.text).toBe(201)
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
  ])(
    'errors: bad input is never a 500 — when the definition has %s, then 422 with details',
    async (_, body) => {
      const response = await site.api('POST', '/api/content-types', { body })
      expect(response.status).toBe(422)
      expect(response.body.error.code).toBe('VALIDATION_ERROR')
      expect(response.body.error.details.length).toBeGreaterThan(0)
    },
  )

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
