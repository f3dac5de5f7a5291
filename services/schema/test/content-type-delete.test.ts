import { BUILT_IN_ROLES } from '@cms/contract'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEnv } from '@cms/testkit'
import type { RunningSchemaService } from '../src/main.ts'
import { websiteClient } from './support/schema-client.ts'
import { startSchema } from './support/start-schema.ts'
import { startStubContentService, totalDocs } from './support/stub-content-service.ts'
import type { StubContentService } from './support/stub-content-service.ts'

let content: StubContentService
let schema: RunningSchemaService

beforeAll(async () => {
  content = await startStubContentService()
  schema = await startSchema({ CONTENT_URL: content.url, CONTENT_TIMEOUT_MS: '500' })
})
afterAll(async () => {
  await schema?.stop()
  await content?.close()
})
beforeEach(() => {
  content.answer = totalDocs(0)
  content.requests.length = 0
})

async function withType(name = 'article') {
  const website = websiteClient(schema.url)
  const created = await website.admin('POST', '/api/content-types', {
    body: { name, fields: [{ name: 'title', type: 'text' }] },
  })
  expect(created.status).toBe(201)
  return { ...website, created: created.body }
}

describe('DELETE /api/content-types/:name', () => {
  it('when no documents of the type exist, then 204 with no body, and the type is gone', async () => {
    const { admin } = await withType()
    const deleted = await admin('DELETE', '/api/content-types/article')
    expect(deleted.status).toBe(204)
    expect(deleted.text).toBe('')
    expect((await admin('GET', '/api/content-types/article')).status).toBe(404)
    expect((await admin('GET', '/api/content-types')).body.docs).toEqual([])
  })

  it('when the content service is asked, then it is for one document of that type, drafts included, as an admin of the same website', async () => {
    const { admin, websiteId } = await withType('news-item')
    await admin('DELETE', '/api/content-types/news-item')
    expect(content.requests).toHaveLength(1)
    const [request] = content.requests
    const url = new URL(request!.url, 'http://x')
    expect(url.pathname).toBe('/api/content')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: 'news-item',
      draft: 'true',
      limit: '1',
    })
    expect(request!.headers['x-internal-token']).toBe(testEnv().internalToken)
    expect(request!.headers['x-website-id']).toBe(websiteId)
    expect(JSON.parse(request!.headers['x-key-permissions'] as string)).toEqual(
      BUILT_IN_ROLES.owner,
    )
  })

  it('when documents of the type exist, then 409 CONFLICT and the type stays', async () => {
    const { admin, created } = await withType()
    content.answer = totalDocs(3)
    const deleted = await admin('DELETE', '/api/content-types/article')
    expect(deleted.status).toBe(409)
    expect(deleted.body.error.code).toBe('CONFLICT')
    expect((await admin('GET', '/api/content-types/article')).body).toEqual(created)
  })

  it.each<[string, () => void]>([
    [
      'answers 500',
      () => (content.answer = { status: 500, body: '{"error":{"code":"INTERNAL_ERROR"}}' }),
    ],
    ['answers 503', () => (content.answer = { status: 503, body: '{}' })],
    ['answers 422', () => (content.answer = { status: 422, body: '{"error":{}}' })],
    [
      'answers with something other than JSON',
      () => (content.answer = { status: 200, body: '<html>' }),
    ],
    ['answers without totalDocs', () => (content.answer = { status: 200, body: '{"docs":[]}' })],
    ['is slower than the time-out', () => (content.answer = { ...totalDocs(0), delayMs: 2000 })],
  ])(
    'when the content service %s, then 503 SERVICE_UNAVAILABLE and the type stays',
    async (_, arrange) => {
      const { admin, created } = await withType()
      arrange()
      const deleted = await admin('DELETE', '/api/content-types/article')
      expect(deleted.status).toBe(503)
      expect(deleted.body.error.code).toBe('SERVICE_UNAVAILABLE')
      expect(deleted.text).not.toContain('127.0.0.1')
      expect((await admin('GET', '/api/content-types/article')).body).toEqual(created)
    },
  )

  it('when the content service cannot be reached at all, then 503 and the type stays', async () => {
    const closed = await startStubContentService()
    await closed.close()
    const isolated = await startSchema({ CONTENT_URL: closed.url })
    try {
      const { admin, created } = await (async () => {
        const website = websiteClient(isolated.url)
        const made = await website.admin('POST', '/api/content-types', {
          body: { name: 'article' },
        })
        return { ...website, created: made.body }
      })()
      const deleted = await admin('DELETE', '/api/content-types/article')
      expect(deleted.status).toBe(503)
      expect(deleted.body.error.code).toBe('SERVICE_UNAVAILABLE')
      expect((await admin('GET', '/api/content-types/article')).body).toEqual(created)
    } finally {
      await isolated.stop()
    }
  })

  it('when a deleted type is created again, then it is a new type with a new id at version 1', async () => {
    const { admin, created } = await withType()
    await admin('PATCH', '/api/content-types/article', { body: { label: 'Changed' } })
    expect((await admin('DELETE', '/api/content-types/article')).status).toBe(204)
    const again = await admin('POST', '/api/content-types', { body: { name: 'article' } })
    expect(again.status).toBe(201)
    expect(again.body.id).not.toBe(created.id)
    expect(again.body.version).toBe(1)
    const patched = await admin('PATCH', '/api/content-types/article', { body: { label: 'Next' } })
    expect(patched.body.version).toBe(2)
  })

  it('when a type is deleted twice, then the second is 404', async () => {
    const { admin } = await withType()
    expect((await admin('DELETE', '/api/content-types/article')).status).toBe(204)
    expect((await admin('DELETE', '/api/content-types/article')).status).toBe(404)
  })
})
