import { describe, expect, it } from 'vitest'
import { matchApiRoute } from './api-routes.ts'

const ID = '6f1c1f43-6a55-4f59-9d55-1d4c4e3b8a10'

describe('public route table', () => {
  it('when reading content, then the read pool answers and the read permission is enough', () => {
    for (const path of ['/api/content', `/api/content/${ID}`, '/api/content/by-slug/post/hello']) {
      expect(matchApiRoute('GET', path)).toEqual({
        kind: 'found',
        pattern: expect.any(String),
        upstream: 'contentRead',
        id: expect.any(String),
        operation: expect.objectContaining({ method: 'GET', permission: 'read' }),
        params: expect.any(Object),
      })
    }
  })

  it('when writing content, then the write pool answers and a content permission is needed', () => {
    const writes: [string, string][] = [
      ['POST', '/api/content'],
      ['PATCH', `/api/content/${ID}`],
      ['DELETE', `/api/content/${ID}`],
      ['POST', `/api/content/${ID}/publish`],
      ['POST', `/api/content/${ID}/unpublish`],
      ['POST', `/api/content/${ID}/restore/${ID}`],
    ]
    for (const [method, path] of writes) {
      expect(matchApiRoute(method, path)).toMatchObject({
        kind: 'found',
        operation: expect.objectContaining({ permission: expect.any(String) }),
        upstream: 'contentWrite',
      })
    }
  })

  it('when listing versions or referrers, then it is a draft read from the read pool', () => {
    for (const list of ['versions', 'referenced-by']) {
      expect(matchApiRoute('GET', `/api/content/${ID}/${list}`)).toMatchObject({
        operation: expect.objectContaining({ permission: 'readDrafts' }),
        upstream: 'contentRead',
      })
    }
  })

  it('when addressing content types, then the schema service answers, read for GET and manageTypes otherwise', () => {
    expect(matchApiRoute('GET', '/api/content-types')).toMatchObject({
      operation: expect.objectContaining({ permission: 'read' }),
      upstream: 'schema',
    })
    expect(matchApiRoute('GET', '/api/content-types/post')).toMatchObject({
      operation: expect.objectContaining({ permission: 'read' }),
      upstream: 'schema',
    })
    expect(matchApiRoute('HEAD', '/api/content-types/post')).toMatchObject({
      operation: expect.objectContaining({ permission: 'read' }),
      upstream: 'schema',
    })
    expect(matchApiRoute('POST', '/api/content-types')).toMatchObject({
      operation: expect.objectContaining({ permission: 'manageTypes' }),
      upstream: 'schema',
    })
    expect(matchApiRoute('DELETE', '/api/content-types/post')).toMatchObject({
      operation: expect.objectContaining({ permission: 'manageTypes' }),
      upstream: 'schema',
    })
  })

  it('when addressing webhooks, then everything needs manageWebhooks, reads included', () => {
    for (const [method, path] of [
      ['GET', '/api/webhooks'],
      ['GET', `/api/webhooks/${ID}`],
      ['GET', `/api/webhooks/${ID}/deliveries`],
      ['POST', `/api/webhooks/${ID}/test`],
      ['GET', `/api/webhooks/${ID}/deliveries/${ID}`],
      ['POST', `/api/webhooks/${ID}/deliveries/${ID}/redeliver`],
    ] as const) {
      expect(matchApiRoute(method, path)).toMatchObject({
        kind: 'found',
        operation: expect.objectContaining({ permission: 'manageWebhooks' }),
        upstream: 'webhook',
      })
    }
  })

  it('when a by-slug path looks like a restore, then the method decides', () => {
    expect(matchApiRoute('GET', '/api/content/by-slug/restore/x')).toMatchObject({
      pattern: '/api/content/by-slug/:type/:slug',
    })
    expect(matchApiRoute('POST', '/api/content/by-slug/restore/x')).toMatchObject({
      pattern: '/api/content/:id/restore/:versionId',
    })
  })

  it('when the path is unknown, has empty or dot segments, then it is not found', () => {
    for (const path of [
      '/api',
      '/api/',
      '/api/users',
      '/api/content/',
      `/api/content/${ID}/x`,
      '/api/content/../webhooks',
      '/api/content/%2E%2e/versions',
      '/api//content',
    ]) {
      expect(matchApiRoute('GET', path)).toEqual({ kind: 'not-found' })
    }
  })

  it('when the method is not served, then the allowed ones are listed', () => {
    expect(matchApiRoute('PUT', '/api/content')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'POST', 'HEAD'],
    })
    expect(matchApiRoute('GET', `/api/content/${ID}/publish`)).toEqual({
      kind: 'method-not-allowed',
      allowed: ['POST'],
    })
  })
})
