import { describe, expect, it } from 'vitest'
import { websiteClient } from './support/schema-client.ts'
import type { WebsiteClient } from './support/schema-client.ts'

const article = {
  name: 'article',
  label: 'Article',
  description: 'News',
  slugField: 'title',
  titleField: 'title',
  icon: 'file-text',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true },
    { name: 'body', label: 'Body', type: 'richText', required: false },
  ],
}

async function withArticle(): Promise<WebsiteClient & { created: Record<string, unknown> }> {
  const website = websiteClient()
  const created = await website.admin('POST', '/api/content-types', { body: article })
  expect(created.status).toBe(201)
  return { ...website, created: created.body }
}

describe('PATCH /api/content-types/:name', () => {
  it('when a label is sent, then only the label changes, version goes up and updatedAt moves', async () => {
    const { admin, created } = await withArticle()
    const patched = await admin('PATCH', '/api/content-types/article', { body: { label: 'Story' } })
    expect(patched.status).toBe(200)
    expect(patched.body).toEqual({
      ...created,
      label: 'Story',
      version: 2,
      updatedAt: expect.any(String),
    })
    expect(Date.parse(patched.body.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.updatedAt as string),
    )
    expect((await admin('GET', '/api/content-types/article')).body).toEqual(patched.body)
  })

  it('when fields are sent, then they replace the old fields as a whole', async () => {
    const { admin } = await withArticle()
    const patched = await admin('PATCH', '/api/content-types/article', {
      body: {
        fields: [
          { name: 'title', type: 'textarea' },
          { name: 'score', type: 'number' },
        ],
      },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.fields).toEqual([
      { name: 'title', label: 'title', type: 'textarea', required: false },
      { name: 'score', label: 'score', type: 'number', required: false },
    ])
  })

  it('when each patch is applied, then version counts every change', async () => {
    const { admin } = await withArticle()
    for (const version of [2, 3, 4]) {
      const patched = await admin('PATCH', '/api/content-types/article', {
        body: { icon: `icon-${version}` },
      })
      expect(patched.body.version).toBe(version)
    }
    expect((await admin('GET', '/api/content-types')).body.docs[0].version).toBe(4)
  })

  it('when null is sent for optional members, then they are unset, and a null label falls back to the name', async () => {
    const { admin } = await withArticle()
    const patched = await admin('PATCH', '/api/content-types/article', {
      body: { description: null, icon: null, slugField: null, titleField: null, label: null },
    })
    expect(patched.status).toBe(200)
    expect(patched.body).not.toHaveProperty('description')
    expect(patched.body).not.toHaveProperty('icon')
    expect(patched.body).not.toHaveProperty('slugField')
    expect(patched.body.label).toBe('article')
    expect((await admin('GET', '/api/content-types/article')).body).not.toHaveProperty(
      'description',
    )
  })

  it('when the same name is sent, then it is accepted', async () => {
    const { admin } = await withArticle()
    const patched = await admin('PATCH', '/api/content-types/article', {
      body: { name: 'article', label: 'Same' },
    })
    expect(patched.status).toBe(200)
    expect(patched.body.name).toBe('article')
  })

  it('when a different name is sent, then 422 says the name is immutable and nothing changes', async () => {
    const { admin, created } = await withArticle()
    const patched = await admin('PATCH', '/api/content-types/article', {
      body: { name: 'story', label: 'Story' },
    })
    expect(patched.status).toBe(422)
    expect(patched.body.error.details).toEqual([
      {
        path: 'name',
        message: 'cannot be changed (the name is article)',
      },
    ])
    expect((await admin('GET', '/api/content-types/article')).body).toEqual(created)
    expect((await admin('GET', '/api/content-types/story')).status).toBe(404)
  })

  it('when the change removes the field slugField names, then 422 names slugField and titleField', async () => {
    const { admin } = await withArticle()
    const patched = await admin('PATCH', '/api/content-types/article', {
      body: { fields: [{ name: 'body', type: 'richText' }] },
    })
    expect(patched.status).toBe(422)
    expect(patched.body.error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'slugField',
      'titleField',
    ])
  })

  it('when slugField is pointed at a non-text field, then 422', async () => {
    const { admin } = await withArticle()
    const patched = await admin('PATCH', '/api/content-types/article', {
      body: { slugField: 'body' },
    })
    expect(patched.status).toBe(422)
    expect(patched.body.error.details).toEqual([
      {
        path: 'slugField',
        message: 'must name a text or textarea field; body is of type richText',
      },
    ])
  })

  it.each<[string, unknown, string]>([
    ['an unknown member', { colour: 'red' }, 'colour'],
    ['a read-only member', { version: 10 }, 'version'],
    ['an id', { id: 'mine' }, 'id'],
    ['fields that are not an array', { fields: 'title' }, 'fields'],
    ['a label that is an object', { label: { en: 'x' } }, 'label'],
    ['a field of an unknown type', { fields: [{ name: 'x', type: 'blob' }] }, 'fields[0].type'],
  ])(
    'when the patch has %s, then 422 names it and the type is unchanged',
    async (_, body, path) => {
      const { admin, created } = await withArticle()
      const patched = await admin('PATCH', '/api/content-types/article', { body })
      expect(patched.status).toBe(422)
      expect(patched.body.error.details.map((detail: { path: string }) => detail.path)).toContain(
        path,
      )
      expect((await admin('GET', '/api/content-types/article')).body).toEqual(created)
    },
  )

  it.each<[string, string]>([
    ['an array', '[]'],
    ['a string', '"label"'],
    ['null', 'null'],
    ['malformed JSON', '{"label":'],
  ])('when the patch body is %s, then 422', async (_, rawBody) => {
    const { admin } = await withArticle()
    const patched = await admin('PATCH', '/api/content-types/article', { rawBody })
    expect(patched.status).toBe(422)
    expect(patched.body.error.code).toBe('VALIDATION_ERROR')
  })

  it('when an empty patch is sent, then the type is kept and its version still counts the change', async () => {
    const { admin, created } = await withArticle()
    const patched = await admin('PATCH', '/api/content-types/article', { body: {} })
    expect(patched.status).toBe(200)
    expect(patched.body).toEqual({ ...created, version: 2, updatedAt: expect.any(String) })
  })
})
