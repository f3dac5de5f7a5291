import { BUILT_IN_ROLES } from '@cms/contract'
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, jsonClient } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import type { RunningGateway } from '../src/main.ts'
import { startEchoUpstream } from './support/echo-upstream.ts'
import type { EchoUpstream } from './support/echo-upstream.ts'
import { privateRedisPrefix, startGateway } from './support/gateway-under-test.ts'

let upstream: EchoUpstream
let gateway: RunningGateway
let site: TestWebsite

beforeAll(async () => {
  upstream = await startEchoUpstream()
  gateway = await startGateway({
    CONTENT_READ_URL: upstream.url,
    CONTENT_WRITE_URL: upstream.url,
    SCHEMA_URL: upstream.url,
    WEBHOOK_URL: upstream.url,
    REDIS_PREFIX: privateRedisPrefix(),
  })
  site = await createTestWebsite()
})

afterAll(async () => {
  await gateway?.stop()
  await upstream?.stop()
})

const call = (headers: Record<string, string>) => jsonClient(gateway.url, headers)
const ERROR_ONLY = { error: { code: expect.any(String), message: expect.any(String) } }

describe('authentication', () => {
  it('when no key is sent, then 401 UNAUTHORIZED without rate-limit headers', async () => {
    const response = await call({})('GET', '/api/content')
    expect(response.status).toBe(401)
    expect(response.body).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } })
    expect(response.headers.get('x-ratelimit-limit')).toBeNull()
  })

  it('when an unknown or malformed key is sent, then 401 and the service is never called', async () => {
    const before = upstream.seen.length
    for (const key of [
      `cms_${randomBytes(32).toString('base64url')}`,
      'garbage',
      site.readKey.slice(0, -1),
    ]) {
      const response = await call({ 'x-api-key': key })('GET', '/api/content')
      expect(response.status).toBe(401)
      expect(response.body.error.code).toBe('UNAUTHORIZED')
    }
    expect(upstream.seen.length).toBe(before)
  })

  it('when a key is revoked through another gateway instance, then this one refuses it within 5 seconds', async () => {
    const other = await createTestWebsite()
    expect((await call({ 'x-api-key': other.readKey })('GET', '/api/content')).status).toBe(200)
    const revoked = await adminClient()(
      'DELETE',
      `/admin/api/websites/${other.websiteId}/keys/${other.readKeyId}`,
    )
    expect(revoked.status).toBe(204)
    const started = Date.now()
    let status = 200
    while (status !== 401 && Date.now() - started < 6000) {
      status = (await call({ 'x-api-key': other.readKey })('GET', '/api/content')).status
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(status).toBe(401)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('when a revoked key is used on the instance that revoked it, then 401 at once', async () => {
    const other = await createTestWebsite()
    const admin = jsonClient(gateway.url, {
      authorization: `Bearer ${process.env.CMS_ADMIN_TOKEN}`,
    })
    expect((await call({ 'x-api-key': other.adminKey })('GET', '/api/content')).status).toBe(200)
    expect(
      (await admin('DELETE', `/admin/api/websites/${other.websiteId}/keys/${other.adminKeyId}`))
        .status,
    ).toBe(204)
    expect((await call({ 'x-api-key': other.adminKey })('GET', '/api/content')).status).toBe(401)
  })
})

describe('scopes', () => {
  const id = randomUUID()
  const adminOnly: [string, string][] = [
    ['POST', '/api/content'],
    ['PATCH', `/api/content/${id}`],
    ['DELETE', `/api/content/${id}`],
    ['POST', `/api/content/${id}/publish`],
    ['POST', `/api/content/${id}/unpublish`],
    ['POST', `/api/content/${id}/restore/${id}`],
    ['GET', `/api/content/${id}/versions`],
    ['POST', '/api/content-types'],
    ['PATCH', '/api/content-types/post'],
    ['DELETE', '/api/content-types/post'],
    ['GET', '/api/webhooks'],
    ['POST', '/api/webhooks'],
    ['GET', `/api/webhooks/${id}/deliveries`],
  ]

  it('when a read key calls a write or admin route, then 403 FORBIDDEN and the service is not called', async () => {
    const before = upstream.seen.length
    const forwardedForReadKey = () =>
      upstream.seen
        .slice(before)
        .filter((request) => request.headers['x-key-id'] === site.readKeyId)
    for (const [method, path] of adminOnly) {
      const body = method === 'POST' || method === 'PATCH' ? {} : undefined
      const response = await call({ 'x-api-key': site.readKey })(method, path, { body })
      expect(response.status, `${method} ${path}`).toBe(403)
      expect(response.body).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: expect.stringMatching(/^This request needs the \w+ permission$/),
          details: [{ path: 'permission', message: expect.any(String) }],
        },
      })
      expect(response.headers.get('x-ratelimit-limit')).not.toBeNull()
    }
    expect(forwardedForReadKey()).toEqual([])
  })

  it('when a read key asks for drafts, then 403 on every read route', async () => {
    for (const path of [
      '/api/content?draft=true',
      `/api/content/${id}?draft=true`,
      '/api/content/by-slug/post/hello?draft=1',
      '/api/content?draft[0]=true',
    ]) {
      const response = await call({ 'x-api-key': site.readKey })('GET', path)
      expect(response.status, path).toBe(403)
      expect(response.body.error.code).toBe('FORBIDDEN')
    }
  })

  it('when a read key reads published content, then it passes with the permissions of a viewer', async () => {
    for (const path of [
      '/api/content',
      `/api/content/${id}`,
      '/api/content/by-slug/post/hello',
      '/api/content-types',
      '/api/content-types/post',
      '/api/content?draft=false',
    ]) {
      const response = await call({ 'x-api-key': site.readKey })('GET', path)
      expect(response.status, path).toBe(200)
      expect(JSON.parse(response.body.headers['x-key-permissions'])).toEqual(BUILT_IN_ROLES.viewer)
    }
  })

  it('when an admin key asks for drafts or writes, then it passes with the permissions of an owner', async () => {
    const drafts = await call({ 'x-api-key': site.adminKey })('GET', '/api/content?draft=true')
    expect(drafts.status).toBe(200)
    expect(JSON.parse(drafts.body.headers['x-key-permissions'])).toEqual(BUILT_IN_ROLES.owner)
    expect(
      (await call({ 'x-api-key': site.adminKey })('DELETE', `/api/content/${id}`)).status,
    ).toBe(200)
  })

  it('when the gateway forwards a call, then it tells the service the operation it authorized and whether drafts are granted, never what the client sent', async () => {
    const forged = {
      'x-cms-operation': 'deleteDocument',
      'x-cms-draft-access': 'granted',
    }
    const read = await call({ 'x-api-key': site.readKey, ...forged })('GET', `/api/content/${id}`)
    expect(read.status).toBe(200)
    expect(read.body.headers['x-cms-operation']).toBe('getDocument')
    expect(read.body.headers['x-cms-draft-access']).toBeUndefined()
    const drafts = await call({ 'x-api-key': site.adminKey })('GET', '/api/content?draft=true')
    expect(drafts.body.headers['x-cms-operation']).toBe('listDocuments')
    expect(drafts.body.headers['x-cms-draft-access']).toBe('granted')
  })

  it('when an authenticated request meets an unknown route, then 404 still carries the rate-limit headers', async () => {
    const response = await call({ 'x-api-key': site.readKey })('GET', '/api/nowhere')
    expect(response.status).toBe(404)
    expect(response.body).toEqual(ERROR_ONLY)
    expect(response.headers.get('x-ratelimit-remaining')).not.toBeNull()
  })
})
