import { randomUUID } from 'node:crypto'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, jsonClient, testEnv } from '@cms/testkit'
import type { ApiResponse } from '@cms/testkit'
import type { RunningGateway } from '../src/main.ts'
import { startEchoUpstream } from './support/echo-upstream.ts'
import type { EchoUpstream } from './support/echo-upstream.ts'
import { startGateway } from './support/gateway-under-test.ts'

let upstream: EchoUpstream
/** Shares Redis and the default key prefix with the gateway process the test setup started. */
let gateway: RunningGateway
let websiteId: string

const echoUpstreams = () => ({
  CONTENT_READ_URL: upstream.url,
  CONTENT_WRITE_URL: upstream.url,
  SCHEMA_URL: upstream.url,
  WEBHOOK_URL: upstream.url,
})

beforeAll(async () => {
  upstream = await startEchoUpstream()
  gateway = await startGateway(echoUpstreams())
  const website = await adminClient()('POST', '/admin/api/websites', {
    body: { name: `limits-${randomUUID().slice(0, 8)}` },
  })
  websiteId = website.body.id
})

afterAll(async () => {
  await gateway?.stop()
  await upstream?.stop()
})

async function newKey(rateLimit?: { perMinute?: number; perDay?: number }): Promise<string> {
  const response = await adminClient()('POST', `/admin/api/websites/${websiteId}/keys`, {
    body: { scope: 'read', ...(rateLimit ? { rateLimit } : {}) },
  })
  expect(response.status).toBe(201)
  return response.body.key
}

async function times(
  count: number,
  send: (i: number) => Promise<ApiResponse>,
): Promise<ApiResponse[]> {
  const responses: ApiResponse[] = []
  for (let i = 0; i < count; i++) responses.push(await send(i))
  return responses
}

const expectRateLimited = (response: ApiResponse) => {
  expect(response.status).toBe(429)
  expect(response.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } })
  const retryAfter = Number(response.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(response.headers.get('x-ratelimit-remaining')).toBe('0')
  return retryAfter
}

describe('rate limits per key', () => {
  it('when a default key makes its 61st request in a minute, then 429 with Retry-After', async () => {
    const api = jsonClient(gateway.url, { 'x-api-key': await newKey() })
    const allowed = await times(60, () => api('GET', '/api/content-types'))
    expect(allowed.map((r) => r.status)).toEqual(Array(60).fill(200))
    expect(allowed[0]!.headers.get('x-ratelimit-limit')).toBe('60')
    expect(allowed[0]!.headers.get('x-ratelimit-remaining')).toBe('59')
    expect(allowed[59]!.headers.get('x-ratelimit-remaining')).toBe('0')
    const reset = Number(allowed[0]!.headers.get('x-ratelimit-reset'))
    expect(reset).toBeGreaterThanOrEqual(1)
    expect(reset).toBeLessThanOrEqual(60)
    const seenBefore = upstream.seen.length
    const retryAfter = expectRateLimited(await api('GET', '/api/content-types'))
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(upstream.seen.length).toBe(seenBefore)
  })

  it('when two gateway processes share Redis, then one key gets its plan once, not once per process', async () => {
    const key = await newKey({ perMinute: 10 })
    const here = jsonClient(gateway.url, { 'x-api-key': key })
    const there = jsonClient(testEnv().gatewayUrl, { 'x-api-key': key })
    const first = await times(10, (i) => (i % 2 === 0 ? here : there)('GET', '/api/content-types'))
    expect(first.map((r) => r.status)).not.toContain(429)
    expect(first.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual([
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
      '0',
    ])
    expectRateLimited(await here('GET', '/api/content-types'))
    expectRateLimited(await there('GET', '/api/content-types'))
  })

  it('when a key has a larger plan, then it gets its plan', async () => {
    const api = jsonClient(gateway.url, { 'x-api-key': await newKey({ perMinute: 75 }) })
    const allowed = await times(75, () => api('GET', '/api/content'))
    expect(allowed.filter((r) => r.status === 200)).toHaveLength(75)
    expect(allowed[0]!.headers.get('x-ratelimit-limit')).toBe('75')
    expectRateLimited(await api('GET', '/api/content'))
  })

  it('when a key has used its day, then 429 until the day window ends', async () => {
    const api = jsonClient(gateway.url, {
      'x-api-key': await newKey({ perMinute: 100, perDay: 3 }),
    })
    const allowed = await times(3, () => api('GET', '/api/content'))
    expect(allowed.map((r) => r.status)).toEqual([200, 200, 200])
    expect(allowed[2]!.headers.get('x-ratelimit-remaining')).toBe('0')
    const retryAfter = expectRateLimited(await api('GET', '/api/content'))
    expect(retryAfter).toBeGreaterThan(86_000)
  })
})

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('rate limits without Redis', () => {
  it('when Redis is unreachable, then the gateway still answers at once, limits in memory and stays ready, reporting Redis as degraded', async () => {
    const isolated = await startGateway({
      ...echoUpstreams(),
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
    })
    try {
      const api = jsonClient(isolated.url, { 'x-api-key': await newKey({ perMinute: 3 }) })
      const started = Date.now()
      const responses = await times(4, () => api('GET', '/api/content'))
      expect(Date.now() - started).toBeLessThan(2000)
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429])
      expect(responses[0]!.headers.get('x-ratelimit-limit')).toBe('3')
      const ready = await fetch(`${isolated.url}/readyz`)
      expect(ready.status).toBe(200)
      const readiness = (await ready.json()) as { status: string; checks: unknown }
      expect(readiness.status).toBe('degraded')
      expect(readiness.checks).toMatchObject({
        mongodb: 'ok',
        redis: expect.stringMatching(/^failing/),
      })
      expect((await fetch(`${isolated.url}/healthz`)).status).toBe(200)
    } finally {
      await isolated.stop()
    }
  })
})
