import { execFile } from 'node:child_process'
import { createHash, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import process from 'node:process'
import { promisify } from 'node:util'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, jsonClient, testEnv, waitFor } from '@cms/testkit'
import type { ApiCall, ApiResponse } from '@cms/testkit'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import {
  privateRedisPrefix,
  startGateway,
} from '../services/gateway/test/support/gateway-under-test.ts'

/**
 * Keys, the admin API and rate limits through real gateways: the shared one, a second instance
 * sharing its MongoDB and Redis, and one that trusts a proxy hop so the address throttle can be
 * tried from made-up client addresses without blocking 127.0.0.1 for every other test.
 */
const CMS_BIN = fileURLToPath(new URL('../apps/cli/src/cms.ts', import.meta.url))
const FAILURES_ALLOWED = 5

let second: RunningGateway
let behindProxy: RunningGateway
let mongo: MongoClient

beforeAll(async () => {
  ;[second, behindProxy] = await Promise.all([
    startGateway(),
    startGateway({
      REDIS_PREFIX: privateRedisPrefix(),
      TRUST_PROXY_HOPS: '1',
      AUTH_FAILURES_PER_MINUTE: String(FAILURES_ALLOWED),
    }),
  ])
  mongo = await MongoClient.connect(testEnv().mongoUrl)
})

afterAll(async () => {
  await Promise.all([second?.stop(), behindProxy?.stop()])
  await mongo?.close()
})

const admin = () => adminClient()
const onGateway = (url: string, key: string): ApiCall => jsonClient(url, { 'x-api-key': key })

async function newWebsite(): Promise<string> {
  const created = await admin()('POST', '/admin/api/websites', {
    body: { name: `keys-${randomUUID().slice(0, 8)}` },
  })
  expect(created.status, created.text).toBe(201)
  return created.body.id
}

async function newKey(
  websiteId: string,
  body: Record<string, unknown> = { scope: 'read' },
): Promise<{ id: string; key: string; prefix: string }> {
  const created = await admin()('POST', `/admin/api/websites/${websiteId}/keys`, { body })
  expect(created.status, created.text).toBe(201)
  return created.body
}

async function times(count: number, send: () => Promise<ApiResponse>): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = []
  for (let i = 0; i < count; i++) responses.push(await send())
  return responses
}

function expectRateLimited(response: ApiResponse): number {
  expect(response.status).toBe(429)
  expect(response.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } })
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  return retryAfter
}

describe('the admin API and the command line', () => {
  it('admin: the operator signs in with the admin token — when the token is missing, wrong or an API key, then 401 in the error shape', async () => {
    const site = await createTestWebsite()
    const gateway = testEnv().gatewayUrl
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer wrong-${randomUUID()}` },
      { authorization: `Bearer ${site.adminKey}` },
      { 'x-api-key': site.adminKey },
    ]
    for (const headers of attempts) {
      const response = await jsonClient(gateway, headers)('GET', '/admin/api/websites')
      expect(response.status).toBe(401)
      expect(response.body).toEqual({
        error: { code: 'UNAUTHORIZED', message: expect.any(String) },
      })
    }
    expect((await admin()('GET', '/admin/api/websites')).status).toBe(200)
  })

  it('admin: websites are created, listed, renamed and deleted — when a website goes through each step, then each answers and its keys stop at once on deletion', async () => {
    const websiteId = await newWebsite()
    const listed = await admin()('GET', '/admin/api/websites')
    expect(listed.body.docs.map((w: { id: string }) => w.id)).toContain(websiteId)
    const renamed = await admin()('PATCH', `/admin/api/websites/${websiteId}`, {
      body: { name: 'renamed-site' },
    })
    expect(renamed.status, renamed.text).toBe(200)
    expect((await admin()('GET', `/admin/api/websites/${websiteId}`)).body.name).toBe(
      'renamed-site',
    )
    const api = onGateway(testEnv().gatewayUrl, (await newKey(websiteId)).key)
    expect((await api('GET', '/api/content-types')).status).toBe(200)
    expect((await admin()('DELETE', `/admin/api/websites/${websiteId}`)).status).toBe(204)
    expect((await admin()('GET', `/admin/api/websites/${websiteId}`)).status).toBe(404)
    expect((await api('GET', '/api/content-types')).status).toBe(401)
  })

  it('admin: keys are created, listed and revoked; auth: a missing, unknown or revoked key is 401 — when a key is created with a plan, listed and revoked, then it works until revoked and is 401 after', async () => {
    const websiteId = await newWebsite()
    const created = await newKey(websiteId, {
      name: 'editor',
      scope: 'admin',
      rateLimit: { perMinute: 500, perDay: 20_000 },
    })
    expect(created).toMatchObject({ name: 'editor', scope: 'admin' })
    const api = onGateway(testEnv().gatewayUrl, created.key)
    expect((await api('GET', '/api/content?draft=true')).status).toBe(200)
    const listed = await admin()('GET', `/admin/api/websites/${websiteId}/keys`)
    expect(listed.body.docs).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'editor',
        scope: 'admin',
        rateLimit: { perMinute: 500, perDay: 20_000 },
        revokedAt: null,
      }),
    ])
    const revoked = await admin()('DELETE', `/admin/api/websites/${websiteId}/keys/${created.id}`)
    expect(revoked.status).toBe(204)
    const after = await admin()('GET', `/admin/api/websites/${websiteId}/keys`)
    expect(after.body.docs[0].revokedAt).toEqual(expect.any(String))
    const refused = await api('GET', '/api/content-types')
    expect(refused.status).toBe(401)
    expect(refused.body.error.code).toBe('UNAUTHORIZED')
    const unknown = await onGateway(testEnv().gatewayUrl, `cms_${'A'.repeat(43)}`)(
      'GET',
      '/api/content',
    )
    expect(unknown.status).toBe(401)
  })

  it('admin: the command line prints JSON — when the cms program creates a website and a key with --json, then it prints the admin API JSON and the key works', async () => {
    const run = async (args: string[]) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', CMS_BIN, ...args],
        {
          env: {
            ...process.env,
            CMS_URL: testEnv().gatewayUrl,
            CMS_ADMIN_TOKEN: testEnv().adminToken,
          },
          timeout: 30_000,
        },
      )
      return JSON.parse(stdout)
    }
    const website = await run(['website', 'create', `cli-${randomUUID().slice(0, 8)}`, '--json'])
    expect(website).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      createdAt: expect.any(String),
    })
    const key = await run(['key', 'create', '--website', website.id, '--scope', 'read', '--json'])
    expect(key).toMatchObject({ scope: 'read', key: expect.stringMatching(/^cms_/) })
    expect((await onGateway(testEnv().gatewayUrl, key.key)('GET', '/api/content')).status).toBe(200)
    const keys = await run(['key', 'list', '--website', website.id, '--json'])
    expect(keys.docs).toEqual([expect.objectContaining({ id: key.id, prefix: key.prefix })])
  }, 90_000)
})

describe('keys', () => {
  it('auth: keys are shown once; auth: keys are listed by prefix — when a key is created, then only that answer holds it, it has 32 random bytes, storage holds its hash and listings its prefix', async () => {
    const websiteId = await newWebsite()
    const [first, other] = [await newKey(websiteId), await newKey(websiteId)]
    expect(first.key).toMatch(/^cms_[A-Za-z0-9_-]{43}$/) // 43 base64url characters are 32 bytes
    expect(other.key).not.toBe(first.key)
    expect(first.key.startsWith(first.prefix)).toBe(true)
    expect(first.prefix.length).toBeLessThanOrEqual(16)
    const listed = await admin()('GET', `/admin/api/websites/${websiteId}/keys`)
    expect(listed.text).not.toContain(first.key)
    expect(listed.body.docs.map((k: { prefix: string }) => k.prefix).sort()).toEqual(
      [first.prefix, other.prefix].sort(),
    )
    const stored = await mongo
      .db('cms_gateway')
      .collection('api_keys')
      .find({ websiteId })
      .toArray()
    expect(stored).toHaveLength(2)
    expect(JSON.stringify(stored)).not.toContain(first.key)
    expect(JSON.stringify(stored)).toContain(createHash('sha256').update(first.key).digest('hex'))
  })

  it('auth: admin keys reach every endpoint — when an admin key calls each kind of endpoint, drafts included, then each answers with success', async () => {
    const site = await createTestWebsite()
    const { api } = site
    const type = await api('POST', '/api/content-types', {
      body: { name: 'note', titleField: 'title', fields: [{ name: 'title', type: 'text' }] },
    })
    expect(type.status).toBe(201)
    const document = await api('POST', '/api/content', {
      body: { type: 'note', data: { title: 'Admin' } },
    })
    expect(document.status).toBe(201)
    const id = document.body.id as string
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/content-types'],
      ['GET', '/api/content-types/note'],
      ['PATCH', '/api/content-types/note', { label: 'Notes' }],
      ['GET', '/api/content?draft=true'],
      ['GET', `/api/content/${id}?draft=true`],
      ['GET', `/api/content/by-slug/note/admin?draft=true`],
      ['PATCH', `/api/content/${id}`, { data: { title: 'Admin 2' } }],
      ['POST', `/api/content/${id}/publish`],
      ['POST', `/api/content/${id}/unpublish`],
      ['GET', `/api/content/${id}/versions`],
      ['POST', `/api/content/${id}/restore/1`],
      ['GET', '/api/webhooks'],
      ['DELETE', `/api/content/${id}`],
    ]
    for (const [method, path, body] of calls) {
      const response = await api(method, path, body === undefined ? {} : { body })
      expect(response.status, `${method} ${path}: ${response.text}`).toBeGreaterThanOrEqual(200)
      expect(response.status, `${method} ${path}: ${response.text}`).toBeLessThan(300)
    }
  })

  it('auth: revocation holds within 5 seconds — when a key is revoked through one gateway, then another instance that has just used it refuses it within 5 s', async () => {
    const websiteId = await newWebsite()
    const created = await newKey(websiteId)
    const elsewhere = onGateway(second.url, created.key)
    expect((await elsewhere('GET', '/api/content')).status).toBe(200)
    const revokedAt = Date.now()
    expect(
      (await admin()('DELETE', `/admin/api/websites/${websiteId}/keys/${created.id}`)).status,
    ).toBe(204)
    await waitFor(
      async () => ((await elsewhere('GET', '/api/content')).status === 401 ? true : undefined),
      { timeoutMs: 8000, intervalMs: 100, what: 'the other instance to refuse the key' },
    )
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(5000)
  })

  it('auth: failed authentication is throttled per address — when one address keeps sending wrong keys, then it gets 429 even with a right key, and another address is still served', async () => {
    const site = await createTestWebsite()
    const attacker = `198.51.100.${1 + Math.floor(Math.random() * 200)}`
    const from = (address: string, key: string) =>
      jsonClient(behindProxy.url, { 'x-api-key': key, 'x-forwarded-for': address })
    const wrong = () => `cms_${randomUUID().replaceAll('-', '')}${'x'.repeat(11)}`
    for (let i = 0; i < FAILURES_ALLOWED; i++) {
      expect((await from(attacker, wrong())('GET', '/api/content')).status).toBe(401)
    }
    expectRateLimited(await from(attacker, wrong())('GET', '/api/content'))
    expectRateLimited(await from(attacker, site.readKey)('GET', '/api/content'))
    expect((await from('203.0.113.99', site.readKey)('GET', '/api/content')).status).toBe(200)
  })
})

describe('rate limits', () => {
  it('limits: 60 a minute and 10,000 a day; limits: 429 with Retry-After — when a key without a plan sends 61 requests in a minute, then the 61st is 429 with Retry-After', async () => {
    const websiteId = await newWebsite()
    const created = await newKey(websiteId)
    const listed = await admin()('GET', `/admin/api/websites/${websiteId}/keys`)
    expect(listed.body.docs[0].rateLimit).toEqual({ perMinute: 60, perDay: 10_000 })
    const api = onGateway(testEnv().gatewayUrl, created.key)
    const allowed = await times(60, () => api('GET', '/api/content-types'))
    expect(allowed.map((r) => r.status)).toEqual(Array(60).fill(200))
    expect(allowed[0]!.headers.get('x-ratelimit-limit')).toBe('60')
    const retryAfter = expectRateLimited(await api('GET', '/api/content-types'))
    expect(retryAfter).toBeLessThanOrEqual(60)
  })

  it("limits: a key's plan — when keys have small minute and day plans, then each is held to its own plan, the day one with a Retry-After past the minute", async () => {
    const websiteId = await newWebsite()
    const minute = onGateway(
      testEnv().gatewayUrl,
      (await newKey(websiteId, { scope: 'read', rateLimit: { perMinute: 3, perDay: 1000 } })).key,
    )
    expect((await times(3, () => minute('GET', '/api/content'))).map((r) => r.status)).toEqual([
      200, 200, 200,
    ])
    expect(expectRateLimited(await minute('GET', '/api/content'))).toBeLessThanOrEqual(60)
    const day = onGateway(
      testEnv().gatewayUrl,
      (await newKey(websiteId, { scope: 'read', rateLimit: { perMinute: 100, perDay: 2 } })).key,
    )
    expect((await times(2, () => day('GET', '/api/content'))).map((r) => r.status)).toEqual([
      200, 200,
    ])
    expect(expectRateLimited(await day('GET', '/api/content'))).toBeGreaterThan(60)
  })

  it('limits: rate-limit headers — when a key gets answers of any kind, then each carries the limit, what remains and the seconds to the reset', async () => {
    const site = await createTestWebsite({ rateLimit: { perMinute: 50, perDay: 1000 } })
    const answers = [
      await site.readApi('GET', '/api/content'),
      await site.readApi('GET', '/api/content?limit=101'),
      await site.readApi('GET', '/api/nothing-here'),
      await site.readApi('POST', '/api/content', { body: {} }),
    ]
    expect(answers.map((r) => r.status)).toEqual([200, 422, 404, 403])
    const remaining = answers.map((response) =>
      Number(response.headers.get('x-ratelimit-remaining')),
    )
    expect(remaining[0]).toBe(49)
    expect(remaining.every((left, i) => i === 0 || left <= remaining[i - 1]!)).toBe(true)
    expect(remaining.at(-1)).toBeLessThan(49)
    answers.forEach((response) => {
      expect(response.headers.get('x-ratelimit-limit')).toBe('50')
      const reset = Number(response.headers.get('x-ratelimit-reset'))
      expect(reset).toBeGreaterThanOrEqual(1)
      expect(reset).toBeLessThanOrEqual(60)
    })
  })

  it('limits: shared by every gateway — when one key alternates between two gateway instances, then together they allow its plan once', async () => {
    const websiteId = await newWebsite()
    const { key } = await newKey(websiteId, {
      scope: 'read',
      rateLimit: { perMinute: 4, perDay: 100 },
    })
    const gateways = [onGateway(testEnv().gatewayUrl, key), onGateway(second.url, key)]
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await gateways[i % 2]!('GET', '/api/content')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
  })
})

describe('routes', () => {
  it('errors: unknown routes are 404; errors: one error shape — when an authenticated client asks for a path that does not exist, then 404 NOT_FOUND in the error shape', async () => {
    const site = await createTestWebsite()
    for (const path of ['/api/nothing', '/api/content/x/y/z', '/api/webhooks/a/b/c/d']) {
      const response = await site.api('GET', path)
      expect(response.status, path).toBe(404)
      expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } })
    }
  })
})
