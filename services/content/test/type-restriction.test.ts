import { beforeAll, describe, expect, it } from 'vitest'
import { internalClient, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'

/**
 * The content service itself serves no document of a type the call may not see, also where the
 * gateway refuses the request before it (a by-slug read of such a type): called directly with
 * the gateway's `x-cms-types` header.
 */
let read: ApiCall
let write: ApiCall
let articleId: string
const onlyEvents = { headers: { 'x-cms-types': 'event' } }
const noType = { headers: { 'x-cms-types': '-' } }

beforeAll(async () => {
  const env = testEnv()
  const schema = internalClient(env.schemaUrl)
  write = internalClient(env.contentWriteUrl, schema.caller)
  read = internalClient(env.contentReadUrl, schema.caller)
  for (const name of ['article', 'event']) {
    const type = await schema('POST', '/api/content-types', {
      body: {
        name,
        titleField: 'title',
        slugField: 'title',
        fields: [{ name: 'title', type: 'text' }],
      },
    })
    expect(type.status, type.text).toBe(201)
  }
  const article = await write('POST', '/api/content', {
    body: { type: 'article', data: { title: 'secret' } },
  })
  expect(article.status, article.text).toBe(201)
  articleId = article.body.id
  expect((await write('POST', `/api/content/${articleId}/publish`)).status).toBe(200)
})

describe('a call restricted to types', () => {
  it('when it reads a document of another type by slug, then 404 as for a missing slug, while an unrestricted call reads it', async () => {
    const hidden = await read('GET', '/api/content/by-slug/article/secret', onlyEvents)
    expect(hidden.status).toBe(404)
    expect(hidden.body.error.message).toBe('No article document with slug secret')
    expect((await read('GET', '/api/content/by-slug/article/secret')).status).toBe(200)
  })

  it('when it may see no type at all, then a list is an empty page', async () => {
    const listed = await read('GET', '/api/content', noType)
    expect(listed.status, listed.text).toBe(200)
    expect(listed.body).toMatchObject({ docs: [], totalDocs: 0 })
    expect((await read('GET', '/api/content')).body.totalDocs).toBe(1)
  })
})
