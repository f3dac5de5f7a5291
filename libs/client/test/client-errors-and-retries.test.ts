import { afterEach, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv } from '@cms/testkit'
import {
  CmsApiError,
  CmsNetworkError,
  createCmsAdminClient,
  createCmsClient,
} from '../src/index.ts'
import { startFaultProxy } from './fault-proxy.ts'
import type { FaultProxy } from './fault-proxy.ts'

/** fetch that notes each attempt's method, path and Idempotency-Key. */
function recordingFetch() {
  const sent: { method: string; path: string; key: string | null }[] = []
  const fetchFn: typeof fetch = (input, init) => {
    const url = new URL(String(input))
    const headers = new Headers(init?.headers)
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      key: headers.get('idempotency-key'),
    })
    return fetch(input, init)
  }
  return { sent, fetchFn }
}

const proxies: FaultProxy[] = []
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})

describe('@cms/client errors', () => {
  it('when the API refuses a request, then the client throws a CmsApiError with status, code, message, details and request id', async () => {
    const site = await createTestWebsite()
    const cms = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: site.adminKey })
    await cms.contentTypes.create({ name: 'post', fields: [{ name: 'title', type: 'text' }] })
    const refused = await cms.content
      .create({ type: 'post', data: { title: 1, colour: 'red' } })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(CmsApiError)
    const error = refused as CmsApiError
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', attempts: 1 })
    expect(error.message).toEqual(expect.any(String))
    expect(error.details.map((detail) => detail.path).sort()).toEqual(['data.colour', 'data.title'])
    expect(error.requestId).toMatch(/\S/)

    const stranger = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: 'cms_nope' })
    await expect(stranger.content.list()).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    })
    const unreachable = createCmsClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' })
    await expect(unreachable.content.list()).rejects.toBeInstanceOf(CmsNetworkError)
  })
})

describe('@cms/client retries', () => {
  it('when the gateway rate-limits a key, then a write waits out Retry-After and is sent again with the same Idempotency-Key; a wait past maxRetryAfterMs throws at once', async () => {
    const site = await createTestWebsite({ rateLimit: { perMinute: 1, perDay: 1_000 } })
    const { sent, fetchFn } = recordingFetch()
    const waits: number[] = []
    const sleep = (ms: number) => {
      waits.push(ms)
      return new Promise<void>((resolve) => setTimeout(resolve, ms))
    }
    const cms = createCmsClient({
      baseUrl: testEnv().gatewayUrl,
      apiKey: site.adminKey,
      fetch: fetchFn,
      sleep,
    })
    await cms.contentTypes.create({ name: 'first' })
    const started = Date.now()
    const second = await cms.contentTypes.create({ name: 'second' })
    expect(second.name).toBe('second')
    expect(waits).toHaveLength(1)
    expect(waits[0]).toBeGreaterThanOrEqual(1_000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(waits[0]!)
    const creates = sent.filter((request) => request.path === '/api/content-types')
    expect(creates).toHaveLength(3)
    expect(creates[1]!.key).toBe(creates[2]!.key)
    expect(creates[0]!.key).not.toBe(creates[1]!.key)

    const impatient = createCmsClient({
      baseUrl: testEnv().gatewayUrl,
      apiKey: site.adminKey,
      retry: { maxRetryAfterMs: 500 },
    })
    // The retried create used the new minute's one request.
    const limited = await impatient.contentTypes.list().catch((error: unknown) => error)
    expect(limited).toMatchObject({ status: 429, code: 'RATE_LIMITED', attempts: 1 })
    expect((limited as CmsApiError).retryAfterSeconds).toBeGreaterThan(0)
  }, 150_000)

  it('when an answer to a create is lost as a 503, then the client retries with the same key and exactly one document exists', async () => {
    const site = await createTestWebsite()
    const admin = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: site.adminKey })
    await admin.contentTypes.create({ name: 'post', fields: [{ name: 'title', type: 'text' }] })
    let lost = false
    const proxy = await startFaultProxy(testEnv().gatewayUrl, (_index, request) => {
      if (request.method === 'POST' && !lost) {
        lost = true
        return { forwardThenStatus: 503, retryAfter: '1' }
      }
      return 'pass'
    })
    proxies.push(proxy)
    const waits: number[] = []
    const cms = createCmsClient({
      baseUrl: proxy.url,
      apiKey: site.adminKey,
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    const created = await cms.content.create({ type: 'post', data: { title: 'Once' } })
    expect(waits).toHaveLength(1)
    expect(waits[0]).toBeGreaterThanOrEqual(1_000)
    const posts = proxy.requests.filter((request) => request.method === 'POST')
    expect(posts).toHaveLength(2)
    expect(posts[0]!.headers['idempotency-key']).toEqual(expect.any(String))
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key'])
    const all = await admin.content.list({ type: 'post', draft: true })
    expect(all.docs.map((doc) => doc.id)).toEqual([created.id])
  })

  it('when reads meet 503s without Retry-After, then they back off and succeed; attempts are bounded and an unkeyed write is not repeated', async () => {
    const site = await createTestWebsite()
    const proxy = await startFaultProxy(testEnv().gatewayUrl, (index, request) =>
      request.path.startsWith('/admin/') || index < 2 ? { status: 503 } : 'pass',
    )
    proxies.push(proxy)
    const waits: number[] = []
    const sleep = async (ms: number) => {
      waits.push(ms)
    }
    const cms = createCmsClient({ baseUrl: proxy.url, apiKey: site.readKey, sleep })
    expect((await cms.contentTypes.list()).docs).toEqual([])
    expect(waits).toHaveLength(2)
    expect(waits[1]!).toBeGreaterThanOrEqual(waits[0]! / 2)

    const proxyDown = await startFaultProxy(testEnv().gatewayUrl, () => ({ status: 503 }))
    proxies.push(proxyDown)
    const down = createCmsClient({
      baseUrl: proxyDown.url,
      apiKey: site.readKey,
      sleep,
      retry: { maxAttempts: 3 },
    })
    await expect(down.content.list()).rejects.toMatchObject({ status: 503, attempts: 3 })
    expect(proxyDown.requests).toHaveLength(3)

    const operator = createCmsAdminClient({
      baseUrl: proxy.url,
      token: testEnv().adminToken,
      sleep,
    })
    const before = proxy.requests.length
    await expect(operator.websites.create('never twice')).rejects.toMatchObject({
      status: 503,
      attempts: 1,
    })
    expect(proxy.requests.length - before).toBe(1)
  })
})
