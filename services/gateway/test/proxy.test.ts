import { BUILT_IN_ROLES } from '@cms/contract'
import { request as httpRequest } from 'node:http'
import { Readable } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, jsonClient } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import type { RunningGateway } from '../src/main.ts'
import { startEchoUpstream } from './support/echo-upstream.ts'
import type { EchoUpstream } from './support/echo-upstream.ts'
import { privateRedisPrefix, startGateway } from './support/gateway-under-test.ts'

let read: EchoUpstream
let write: EchoUpstream
let gateway: RunningGateway
let site: TestWebsite

beforeAll(async () => {
  ;[read, write] = await Promise.all([startEchoUpstream(), startEchoUpstream()])
  gateway = await startGateway({
    CONTENT_READ_URL: read.url,
    CONTENT_WRITE_URL: write.url,
    SCHEMA_URL: read.url,
    WEBHOOK_URL: write.url,
    REDIS_PREFIX: privateRedisPrefix(),
    UPSTREAM_TIMEOUT_MS: '800',
  })
  site = await createTestWebsite()
})

afterEach(() => {
  read.reset()
  write.reset()
})

afterAll(async () => {
  await gateway?.stop()
  await Promise.all([read?.stop(), write?.stop()])
})

const withKey = (key: string, headers: Record<string, string> = {}) =>
  jsonClient(gateway.url, { 'x-api-key': key, ...headers })
const lastSeen = (upstream: EchoUpstream) => upstream.seen[upstream.seen.length - 1]!

/** A chunked request body (no content-length), as streaming clients send it. */
function sendChunked(
  path: string,
  key: string,
  totalBytes: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x20)
    let sent = 0
    const source = new Readable({
      read() {
        if (sent >= totalBytes) return this.push(null)
        const size = Math.min(chunk.length, totalBytes - sent)
        sent += size
        this.push(
          sent === size
            ? Buffer.concat([Buffer.from('{"a":"'), chunk.subarray(6, size)])
            : chunk.subarray(0, size),
        )
      },
    })
    const req = httpRequest(`${gateway.url}${path}`, {
      method: 'POST',
      headers: {
        'x-api-key': key,
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      },
    })
    req.on('response', (res) => {
      let body = ''
      res.on('data', (data) => (body += data))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    source.pipe(req)
  })
}

describe('proxy: what reaches the service', () => {
  it('when a client forges internal headers, then the service sees the key owner and never the key', async () => {
    const response = await withKey(site.readKey, {
      'x-internal-token': 'forged',
      'x-website-id': 'other-website',
      'x-key-id': 'other-key',
      'x-key-permissions': JSON.stringify(BUILT_IN_ROLES.owner),
      'x-cms-types': 'article',
      'x-request-id': 'trace-123',
    })('GET', '/api/content?type=post&page=2')
    expect(response.status).toBe(200)
    const headers = lastSeen(read).headers
    expect(headers['x-internal-token']).toBe(process.env.INTERNAL_TOKEN)
    expect(headers['x-website-id']).toBe(site.websiteId)
    expect(headers['x-key-id']).toBe(site.readKeyId)
    expect(JSON.parse(headers['x-key-permissions'] as string)).toEqual(BUILT_IN_ROLES.viewer)
    expect(headers['x-cms-types']).toBe('*')
    expect(headers['x-request-id']).toBe('trace-123')
    expect(headers['x-api-key']).toBeUndefined()
    expect(lastSeen(read).url).toBe('/api/content?type=post&page=2')
    expect(response.headers.get('x-request-id')).toBe('trace-123')
  })

  it('when content is read, then the read pool answers; when it is written, the write pool', async () => {
    await withKey(site.adminKey)('GET', `/api/content/${site.websiteId}`)
    expect(lastSeen(read).url).toBe(`/api/content/${site.websiteId}`)
    await withKey(site.adminKey)('PATCH', `/api/content/${site.websiteId}`, {
      body: { data: { title: 'x' } },
    })
    expect(lastSeen(write)).toMatchObject({
      method: 'PATCH',
      url: `/api/content/${site.websiteId}`,
    })
    expect(JSON.parse(lastSeen(write).body.toString())).toEqual({ data: { title: 'x' } })
  })

  it('when the service answers, then its status, headers and body pass through unchanged', async () => {
    read.handle((_request, response) => {
      response.writeHead(412, {
        'content-type': 'application/json',
        etag: '"12"',
        'x-extra': 'kept',
      })
      response.end('{"error":{"code":"PRECONDITION_FAILED","message":"stale"}}')
    })
    const response = await withKey(site.readKey)('GET', '/api/content-types/post')
    expect(response.status).toBe(412)
    expect(response.headers.get('etag')).toBe('"12"')
    expect(response.headers.get('x-extra')).toBe('kept')
    expect(response.text).toBe('{"error":{"code":"PRECONDITION_FAILED","message":"stale"}}')
    expect(response.headers.get('x-ratelimit-limit')).toBe(String(1_000_000))
  })

  it('when a large response streams back, then it arrives whole', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024)
    read.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"big":"')
      response.write(big)
      response.end('"}')
    })
    const response = await withKey(site.readKey)('GET', '/api/content')
    expect(response.status).toBe(200)
    expect(response.body.big).toHaveLength(big.length)
  })
})

describe('proxy: observability', () => {
  it('when requests pass, then metrics count them by route pattern, not by raw path', async () => {
    await withKey(site.readKey)('GET', '/api/content-types/article')
    const metrics = await (await fetch(`${gateway.metricsUrl}/metrics`)).text()
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/api\/content-types\/:name"/,
    )
    expect(metrics).not.toContain('route="/api/content-types/article"')
  })
})

describe('proxy: clients that read less than the whole answer', () => {
  it('when a HEAD request is made, then the headers come back and the gateway keeps running', async () => {
    const response = await fetch(`${gateway.url}/api/content-types`, {
      method: 'HEAD',
      headers: { 'x-api-key': site.readKey },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('etag')).toBe('"7"')
    expect(await response.text()).toBe('')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200)
  })

  it('when a client leaves in the middle of a streamed answer, then the gateway keeps running', async () => {
    read.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.write('{"items":[')
      const timer = setInterval(() => response.write('"x",'), 10)
      response.on('close', () => clearInterval(timer))
    })
    const controller = new AbortController()
    const response = await fetch(`${gateway.url}/api/content`, {
      headers: { 'x-api-key': site.readKey },
      signal: controller.signal,
    })
    expect(response.status).toBe(200)
    await response.body!.getReader().read()
    controller.abort()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200)
  })
})

describe('proxy: request hardening', () => {
  it('when a body is not JSON, then 415 and the service is not called', async () => {
    const before = write.seen.length
    const response = await withKey(site.adminKey)('POST', '/api/content', {
      rawBody: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    })
    expect(response.status).toBe(415)
    expect(response.body).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) },
    })
    expect(write.seen.length).toBe(before)
  })

  it('when a declared body is over 1 MiB, then 413 before it is read', async () => {
    const response = await withKey(site.adminKey)('POST', '/api/content', {
      body: { data: { text: 'x'.repeat(1024 * 1024) } },
    })
    expect(response.status).toBe(413)
    expect(response.body.error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('when a chunked body without length passes 1 MiB, then 413', async () => {
    const response = await sendChunked('/api/content', site.adminKey, 1024 * 1024 + 64 * 1024)
    expect(response.status).toBe(413)
    expect(JSON.parse(response.body).error.code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('when a chunked body stays within 1 MiB, then it is streamed to the service whole', async () => {
    const response = await sendChunked('/api/content', site.adminKey, 512 * 1024)
    expect(response.status).toBe(200)
    expect(lastSeen(write).body.length).toBe(512 * 1024)
  })

  it('when the route is unknown, then 404; when the method is not served, then 405 with Allow', async () => {
    const unknown = await withKey(site.adminKey)('GET', '/api/users')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } })
    const wrongMethod = await withKey(site.adminKey)('PUT', '/api/content')
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.body.error.code).toBe('METHOD_NOT_ALLOWED')
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST, HEAD')
  })

  it('when a browser sends a preflight, then it is answered without a key', async () => {
    const response = await fetch(`${gateway.url}/api/content`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-headers')).toContain('x-api-key')
    expect(response.headers.get('access-control-allow-headers')).toContain('traceparent')
    expect(response.headers.get('access-control-allow-methods')).toContain('GET')
  })
})

describe('proxy: a service that is down or slow', () => {
  it('when the service refuses connections, then 503 quickly, the gateway stays healthy, and it recovers', async () => {
    await read.stop()
    try {
      const started = Date.now()
      const response = await withKey(site.readKey)('GET', '/api/content')
      expect(response.status).toBe(503)
      expect(response.body).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
      })
      expect(response.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|at .*\.ts/)
      expect(Date.now() - started).toBeLessThan(2000)
      expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200)
    } finally {
      await read.restart()
    }
    const recovered = await withKey(site.readKey)('GET', '/api/content')
    expect(recovered.status).toBe(200)
  })

  it('when the service does not answer in time, then 503', async () => {
    read.handle(() => new Promise<void>(() => undefined))
    const response = await withKey(site.readKey)('GET', '/api/content-types')
    expect(response.status).toBe(503)
    expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE')
  })
})
