import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { adminClient, jsonClient, testEnv } from '@cms/testkit'

const admin = () => adminClient()
const newName = () => `site-${randomUUID().slice(0, 8)}`

async function createWebsite(name = newName()) {
  const response = await admin()('POST', '/admin/api/websites', { body: { name } })
  expect(response.status).toBe(201)
  return response.body as { id: string; name: string; createdAt: string }
}

describe('admin API: authentication', () => {
  it('when no token or a wrong token is sent, then 401 UNAUTHORIZED in the contract shape', async () => {
    const anonymous = jsonClient(testEnv().gatewayUrl, {})
    const wrong = jsonClient(testEnv().gatewayUrl, {
      authorization: `Bearer ${testEnv().adminToken}x`,
    })
    for (const call of [anonymous, wrong]) {
      const response = await call('GET', '/admin/api/websites')
      expect(response.status).toBe(401)
      expect(response.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: expect.any(String) },
      })
      expect(response.headers.get('www-authenticate')).toBe('Bearer')
    }
  })

  it('when an API key is sent instead of the admin token, then 401', async () => {
    const response = await jsonClient(testEnv().gatewayUrl, { 'x-api-key': testEnv().adminToken })(
      'GET',
      '/admin/api/websites',
    )
    expect(response.status).toBe(401)
  })
})

describe('admin API: websites', () => {
  it('when a website is created, then 201 gives {id, name, createdAt} and the list holds it', async () => {
    const name = newName()
    const response = await admin()('POST', '/admin/api/websites', { body: { name } })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name,
      createdAt: expect.any(String),
    })
    expect(new Date(response.body.createdAt).toISOString()).toBe(response.body.createdAt)
    const list = await admin()('GET', '/admin/api/websites')
    expect(list.status).toBe(200)
    expect(list.body.docs).toContainEqual(response.body)
  })

  it('when a website is renamed, then the new name is answered and kept', async () => {
    const website = await createWebsite()
    const renamed = await admin()('PATCH', `/admin/api/websites/${website.id}`, {
      body: { name: 'Renamed site' },
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({ ...website, name: 'Renamed site' })
    expect((await admin()('GET', `/admin/api/websites/${website.id}`)).body.name).toBe(
      'Renamed site',
    )
  })

  it('when a website is deleted, then 204, it is gone and its keys stop working at once', async () => {
    const website = await createWebsite()
    const key = await admin()('POST', `/admin/api/websites/${website.id}/keys`, {
      body: { scope: 'read' },
    })
    const deleted = await admin()('DELETE', `/admin/api/websites/${website.id}`)
    expect(deleted.status).toBe(204)
    expect(deleted.text).toBe('')
    expect((await admin()('GET', `/admin/api/websites/${website.id}`)).status).toBe(404)
    expect((await admin()('DELETE', `/admin/api/websites/${website.id}`)).status).toBe(404)
    const call = await jsonClient(testEnv().gatewayUrl, { 'x-api-key': key.body.key })(
      'GET',
      '/api/content-types',
    )
    expect(call.status).toBe(401)
  })

  it('when the website id is unknown or malformed, then 404 NOT_FOUND', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const [method, path] of [
        ['GET', `/admin/api/websites/${id}`],
        ['PATCH', `/admin/api/websites/${id}`],
        ['GET', `/admin/api/websites/${id}/keys`],
        ['POST', `/admin/api/websites/${id}/keys`],
      ] as const) {
        const body =
          method === 'GET' ? undefined : method === 'PATCH' ? { name: 'x' } : { scope: 'read' }
        const response = await admin()(method, path, { body })
        expect(response.status, `${method} ${path}`).toBe(404)
        expect(response.body.error.code).toBe('NOT_FOUND')
      }
    }
  })

  it('when the name is missing, blank or joined by unknown members, then 422 with a detail for each', async () => {
    const missing = await admin()('POST', '/admin/api/websites', { body: {} })
    expect(missing.status).toBe(422)
    expect(missing.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'name', message: 'is required' }],
    })
    const blank = await admin()('POST', '/admin/api/websites', {
      body: { name: ' ', color: 'red' },
    })
    expect(blank.status).toBe(422)
    expect(blank.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'color',
      'name',
    ])
  })

  it('when the body is not JSON, is malformed or too large, then 415, 422 and 413', async () => {
    const text = await admin()('POST', '/admin/api/websites', {
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    })
    expect(text.status).toBe(415)
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    const malformed = await admin()('POST', '/admin/api/websites', { rawBody: '{"name": ' })
    expect(malformed.status).toBe(422)
    expect(malformed.body.error.code).toBe('VALIDATION_ERROR')
    const large = await admin()('POST', '/admin/api/websites', {
      body: { name: 'x'.repeat(1024 * 1024) },
    })
    expect(large.status).toBe(413)
    expect(large.body.error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('when a method is not served, then 405 METHOD_NOT_ALLOWED with Allow', async () => {
    const response = await admin()('PUT', '/admin/api/websites')
    expect(response.status).toBe(405)
    expect(response.body.error.code).toBe('METHOD_NOT_ALLOWED')
    expect(response.headers.get('allow')).toMatch(/GET/)
    expect(response.headers.get('allow')).toMatch(/POST/)
  })

  it('when an unknown admin path is asked for, then 404', async () => {
    const response = await admin()('GET', '/admin/api/nothing-here')
    expect(response.status).toBe(404)
    expect(response.body.error.code).toBe('NOT_FOUND')
  })
})

describe('admin API: keys', () => {
  it('when a key is created, then 201 shows the key once and the list shows only its prefix', async () => {
    const website = await createWebsite()
    const created = await admin()('POST', `/admin/api/websites/${website.id}/keys`, {
      body: { name: 'frontend', scope: 'read', rateLimit: { perMinute: 120, perDay: 5000 } },
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'frontend',
      role: 'viewer',
      scope: 'read',
      types: null,
      expiresAt: null,
      prefix: created.body.key.slice(0, 12),
      key: expect.stringMatching(/^cms_[A-Za-z0-9_-]{43}$/),
      rateLimit: { perMinute: 120, perDay: 5000 },
      createdAt: expect.any(String),
    })
    const list = await admin()('GET', `/admin/api/websites/${website.id}/keys`)
    expect(list.status).toBe(200)
    expect(list.body.docs).toEqual([
      {
        id: created.body.id,
        name: 'frontend',
        role: 'viewer',
        scope: 'read',
        types: null,
        expiresAt: null,
        prefix: created.body.prefix,
        rateLimit: { perMinute: 120, perDay: 5000 },
        createdAt: created.body.createdAt,
        revokedAt: null,
        lastUsedAt: null,
      },
    ])
    expect(list.text).not.toContain(created.body.key)
  })

  it('when a key is created without a plan, then it gets 60/minute and 10,000/day', async () => {
    const website = await createWebsite()
    const created = await admin()('POST', `/admin/api/websites/${website.id}/keys`, {
      body: { name: 'k', scope: 'admin' },
    })
    expect(created.body.rateLimit).toEqual({ perMinute: 60, perDay: 10_000 })
  })

  it('when the scope or plan is invalid, then 422 names each problem', async () => {
    const website = await createWebsite()
    const response = await admin()('POST', `/admin/api/websites/${website.id}/keys`, {
      body: { scope: 'owner', rateLimit: { perMinute: -1 } },
    })
    expect(response.status).toBe(422)
    expect(response.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'rateLimit.perMinute',
      'scope',
    ])
  })

  it('when a key is revoked, then 204, the list marks it and it no longer authenticates', async () => {
    const website = await createWebsite()
    const created = await admin()('POST', `/admin/api/websites/${website.id}/keys`, {
      body: { scope: 'admin' },
    })
    const api = jsonClient(testEnv().gatewayUrl, { 'x-api-key': created.body.key })
    expect((await api('GET', '/api/nothing')).status).toBe(404)
    const revoked = await admin()(
      'DELETE',
      `/admin/api/websites/${website.id}/keys/${created.body.id}`,
    )
    expect(revoked.status).toBe(204)
    const list = await admin()('GET', `/admin/api/websites/${website.id}/keys`)
    expect(list.body.docs[0].revokedAt).toEqual(expect.any(String))
    expect((await api('GET', '/api/nothing')).status).toBe(401)
  })

  it("when a key is revoked through another website's path, then 404 and the key keeps working", async () => {
    const [first, second] = [await createWebsite(), await createWebsite()]
    const created = await admin()('POST', `/admin/api/websites/${first.id}/keys`, {
      body: { scope: 'read' },
    })
    const response = await admin()(
      'DELETE',
      `/admin/api/websites/${second.id}/keys/${created.body.id}`,
    )
    expect(response.status).toBe(404)
    const list = await admin()('GET', `/admin/api/websites/${first.id}/keys`)
    expect(list.body.docs[0].revokedAt).toBeNull()
  })
})
