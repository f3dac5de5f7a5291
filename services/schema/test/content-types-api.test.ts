import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { internalHeaders } from '@cms/http'
import type { KeyScope } from '@cms/http'
import { jsonClient, testEnv } from '@cms/testkit'

const newWebsite = (scope: KeyScope = 'admin', websiteId = randomUUID()) =>
  jsonClient(testEnv().schemaUrl, internalHeaders(testEnv().internalToken, { websiteId, keyId: randomUUID(), scope }))

const article = {
  name: 'article',
  label: 'Article',
  slugField: 'title',
  titleField: 'title',
  icon: 'file-text',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true },
    { name: 'body', label: 'Body', type: 'richText' },
  ],
}

describe('content types: create and read', () => {
  it('when a type is created, then it is returned with 201, an id, version 1 and defaults filled in', async () => {
    const api = newWebsite()
    const created = await api('POST', '/api/content-types', {
      body: { name: 'page', fields: [{ name: 'heading', type: 'text' }] },
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('location')).toBe('/api/content-types/page')
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'page',
      label: 'page',
      fields: [{ name: 'heading', label: 'heading', type: 'text', required: false }],
      version: 1,
      createdAt: expect.any(String),
      updatedAt: created.body.createdAt,
    })
    const read = await api('GET', '/api/content-types/page')
    expect(read.status).toBe(200)
    expect(read.body).toEqual(created.body)
  })
})
