import { beforeAll, describe, expect, it } from 'vitest'
import { internalHeaders } from '@cms/http'
import { internalClient, jsonClient, metricsUrlOf, testEnv } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import type { Caller } from '@cms/http'
import { defineSchema, newCaller } from './in-process.ts'

/** The shared stack's content services called directly, as the gateway would. */
const env = testEnv()
let caller: Caller
let writer: ApiCall
let reader: ApiCall
let readScope: ApiCall

beforeAll(async () => {
  caller = newCaller()
  await defineSchema(caller)
  writer = internalClient(env.contentWriteUrl, caller)
  reader = internalClient(env.contentReadUrl, caller)
  readScope = internalClient(env.contentWriteUrl, { ...caller, scope: 'read' })
})

async function createPost(title: string): Promise<any> {
  const response = await writer('POST', '/api/content', { body: { type: 'post', data: { title } } })
  expect(response.status).toBe(201)
  return response.body
}

describe('read mode', () => {
  it('when a read-mode instance gets a write, then 405 naming GET and HEAD, in the contract shape', async () => {
    const document = await createPost('Read only')
    for (const [method, path] of [
      ['POST', '/api/content'],
      ['PATCH', `/api/content/${document.id}`],
      ['DELETE', `/api/content/${document.id}`],
      ['POST', `/api/content/${document.id}/publish`],
    ] as const) {
      const response = await reader(method, path, { body: { type: 'post', data: { title: 'x' } } })
      expect(response.status).toBe(405)
      expect(response.body.error.code).toBe('METHOD_NOT_ALLOWED')
      expect(response.headers.get('allow')).toBe('GET, HEAD')
    }
    const stored = await reader('GET', `/api/content/${document.id}?draft=true`)
    expect(stored.status).toBe(200)
    expect(stored.body.version).toBe(1)
  })

  it('when a read-mode instance is asked for lists, documents, slugs and versions, then it serves them', async () => {
    const document = await createPost('Served by readers')
    expect((await reader('GET', `/api/content/${document.id}?draft=true`)).body).toEqual(document)
    expect(
      (await reader('GET', `/api/content/by-slug/post/${document.slug}?draft=true`)).status,
    ).toBe(200)
    expect((await reader('GET', `/api/content/${document.id}/versions`)).body.totalDocs).toBe(1)
    expect(
      (await reader('GET', '/api/content?draft=true')).body.docs.map((d: { id: string }) => d.id),
    ).toContain(document.id)
  })
})

describe('write mode routes', () => {
  it('when a known path gets an unsupported method, then 405 with Allow; an unknown path is 404', async () => {
    const document = await createPost('Methods')
    const put = await writer('PUT', `/api/content/${document.id}`, { body: {} })
    expect(put.status).toBe(405)
    expect(put.body.error.code).toBe('METHOD_NOT_ALLOWED')
    expect(put.headers.get('allow')).toContain('PATCH')
    const unknown = await writer('GET', '/api/contents')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.code).toBe('NOT_FOUND')
  })
})

describe('the service serves only what the gateway authorized', () => {
  it('when a read-scope caller writes, lists versions or asks for drafts, then 403', async () => {
    const document = await createPost('Scoped')
    const attempts: Array<[string, string]> = [
      ['POST', '/api/content'],
      ['PATCH', `/api/content/${document.id}`],
      ['DELETE', `/api/content/${document.id}`],
      ['POST', `/api/content/${document.id}/publish`],
      ['POST', `/api/content/${document.id}/restore/1`],
      ['GET', `/api/content/${document.id}/versions`],
      ['GET', `/api/content/${document.id}?draft=true`],
      ['GET', '/api/content?draft=true'],
      ['GET', '/api/content?draft=true&filters[nope][$eq]=1'],
    ]
    for (const [method, path] of attempts) {
      const response = await readScope(
        method,
        path,
        method === 'GET' ? {} : { body: { type: 'post', data: { title: 'x' }, slug: 'y' } },
      )
      expect(response.status, `${method} ${path}`).toBe(403)
    }
  })

  it('when an admin caller calls without the authorization of that operation, then 403 and nothing is written', async () => {
    const unauthorized = jsonClient(env.contentWriteUrl, internalHeaders(env.internalToken, caller))
    const body = { type: 'post', data: { title: 'Not authorized' } }
    const without = await unauthorized('POST', '/api/content', { body })
    expect(without.status).toBe(403)
    expect(without.body.error.code).toBe('FORBIDDEN')
    const misnamed = await unauthorized('POST', '/api/content', {
      body,
      headers: { 'x-cms-operation': 'listDocuments', 'x-cms-draft-access': 'granted' },
    })
    expect(misnamed.status).toBe(403)
    const listed = await reader(
      'GET',
      '/api/content?draft=true&filters[data.title][$eq]=Not%20authorized',
    )
    expect(listed.body.docs).toEqual([])
  })

  it('when a call lacks the internal credential, then 401; health stays open, metrics are on their own port', async () => {
    const response = await fetch(`${env.contentWriteUrl}/api/content`)
    expect(response.status).toBe(401)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED')
    expect((await fetch(`${env.contentWriteUrl}/healthz`)).status).toBe(200)
    const metrics = await (await fetch(`${metricsUrlOf('content-write')}/metrics`)).text()
    expect(metrics).toContain('content_outbox_events_published_total')
  })
})

describe('readiness', () => {
  it('when both instances run, then the writer checks MongoDB and the broker, the reader MongoDB only', async () => {
    const write = (await (await fetch(`${env.contentWriteUrl}/readyz`)).json()) as {
      checks: Record<string, string>
    }
    const read = (await (await fetch(`${env.contentReadUrl}/readyz`)).json()) as {
      checks: Record<string, string>
    }
    expect(write.checks).toEqual({ mongodb: 'ok', broker: 'ok' })
    expect(read.checks).toEqual({ mongodb: 'ok' })
  })
})
