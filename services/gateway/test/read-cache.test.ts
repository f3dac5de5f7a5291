import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '@cms/stack'
import { createTestWebsite, jsonClient, waitFor } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import type { RunningGateway } from '../src/main.ts'
import { startEchoUpstream } from './support/echo-upstream.ts'
import type { EchoHandler, EchoUpstream } from './support/echo-upstream.ts'
import { privateRedisPrefix, startGateway } from './support/gateway-under-test.ts'
import { whenCaching } from './support/read-cache-probe.ts'

let read: EchoUpstream
let write: EchoUpstream
let prefix: string
let gateway: RunningGateway
let site: TestWebsite

const upstreams = () => ({
  CONTENT_READ_URL: read.url,
  CONTENT_WRITE_URL: write.url,
  SCHEMA_URL: write.url,
  WEBHOOK_URL: write.url,
})

/** A service answer: a list (no ETag, as the content service sends lists) naming the caller. */
const listAnswer: EchoHandler = (request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-extra': 'kept' })
  response.end(
    JSON.stringify({
      url: request.url,
      websiteId: request.headers['x-website-id'],
      n: read.seen.length,
    }),
  )
}
const documentAnswer =
  (status: 'draft' | 'published'): EchoHandler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag: '"3"' })
    response.end(JSON.stringify({ id: 'doc', status, version: 3 }))
  }

beforeAll(async () => {
  ;[read, write] = await Promise.all([startEchoUpstream(), startEchoUpstream()])
  prefix = privateRedisPrefix()
  gateway = await startGateway({ ...upstreams(), REDIS_PREFIX: prefix })
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

const client = (key: string, url = gateway.url, headers: Record<string, string> = {}): ApiCall =>
  jsonClient(url, { 'x-api-key': key, ...headers })
let unique = 0
/** A list URL no other test reads, so each test starts with nothing cached for it. */
const freshList = () => `/api/content?type=post&page=${++unique}`
const askedFor = (url: string) => read.seen.filter((request) => request.url === url).length

const cachingThrough = (api: ApiCall) => whenCaching({ api, read, answer: listAnswer, freshList })

describe('read cache: published reads', () => {
  beforeAll(async () => {
    await cachingThrough(client(site.readKey))
  })

  it('when the same published read is sent twice, then the service is asked once and both answers match', async () => {
    read.handle(listAnswer)
    const url = freshList()
    const first = await client(site.readKey)('GET', url)
    const second = await client(site.readKey)('GET', url)
    expect(askedFor(url)).toBe(1)
    expect(second.status).toBe(200)
    expect(second.text).toBe(first.text)
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'))
    expect(second.headers.get('x-extra')).toBe('kept')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
  })

  it('when cached answers are given, then each still counts against the key and carries its own limit headers', async () => {
    read.handle(listAnswer)
    const url = freshList()
    const first = await client(site.readKey)('GET', url)
    const second = await client(site.readKey)('GET', url)
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBeLessThan(
      Number(first.headers.get('x-ratelimit-remaining')),
    )
  })

  it('when many readers ask for the same uncached read at once, then the service is asked once', async () => {
    read.handle(async (request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 300))
      listAnswer(request, response)
    })
    const url = freshList()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client(site.readKey)('GET', url)),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1)
    expect(askedFor(url)).toBe(1)
  })

  it('when drafts are asked for, then the read always goes to the service', async () => {
    read.handle(listAnswer)
    const url = `${freshList()}&draft=true`
    await client(site.adminKey)('GET', url)
    await client(site.adminKey)('GET', url)
    expect(askedFor(url)).toBe(2)
  })

  it('when two websites send the same read, then each gets its own answer', async () => {
    read.handle(listAnswer)
    const other = await createTestWebsite()
    const url = freshList()
    const mine = await client(site.readKey)('GET', url)
    const theirs = await client(other.readKey)('GET', url)
    expect(mine.body.websiteId).toBe(site.websiteId)
    expect(theirs.body.websiteId).toBe(other.websiteId)
    expect(askedFor(url)).toBe(2)
  })

  it('when the service answers a read with an error, then it is not kept', async () => {
    read.handle((_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end('{"error":{"code":"NOT_FOUND","message":"No document"}}')
    })
    const url = '/api/content/5b1c2d3e-0000-4000-8000-000000000001'
    expect((await client(site.readKey)('GET', url)).status).toBe(404)
    expect((await client(site.readKey)('GET', url)).status).toBe(404)
    expect(askedFor(url)).toBe(2)
  })
})

describe('read cache: writes', () => {
  it('when a write answers with a published document, then the next read goes to the service', async () => {
    read.handle(listAnswer)
    const url = freshList()
    await client(site.readKey)('GET', url)
    write.handle(documentAnswer('published'))
    await client(site.adminKey)('PATCH', '/api/content/doc', { body: { data: { title: 'x' } } })
    const after = await client(site.readKey)('GET', url)
    expect(askedFor(url)).toBe(2)
    expect(after.body.n).toBeGreaterThan(1)
  })

  it('when a write leaves only drafts changed (a new draft, a draft edited), then cached reads stay', async () => {
    read.handle(listAnswer)
    const url = freshList()
    await client(site.readKey)('GET', url)
    write.handle(documentAnswer('draft'))
    await client(site.adminKey)('POST', '/api/content', { body: { type: 'post', data: {} } })
    await client(site.adminKey)('PATCH', '/api/content/doc', { body: { data: { title: 'x' } } })
    await client(site.readKey)('GET', url)
    expect(askedFor(url)).toBe(1)
  })

  it('when a document is unpublished or deleted, then the next read goes to the service', async () => {
    read.handle(listAnswer)
    for (const [method, path] of [
      ['POST', '/api/content/doc/unpublish'],
      ['DELETE', '/api/content/doc'],
    ] as const) {
      const url = freshList()
      await client(site.readKey)('GET', url)
      write.handle(
        method === 'DELETE'
          ? (_request, response) => {
              response.writeHead(204).end()
            }
          : documentAnswer('draft'),
      )
      await client(site.adminKey)(method, path)
      await client(site.readKey)('GET', url)
      expect(askedFor(url)).toBe(2)
    }
  })

  it('when a content type changes, then the next read goes to the service', async () => {
    read.handle(listAnswer)
    const url = freshList()
    await client(site.readKey)('GET', url)
    write.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"name":"post"}')
    })
    await client(site.adminKey)('PATCH', '/api/content-types/post', { body: { label: 'Post' } })
    await client(site.readKey)('GET', url)
    expect(askedFor(url)).toBe(2)
  })

  it('when a write is refused (412), then cached reads stay', async () => {
    read.handle(listAnswer)
    const url = freshList()
    await client(site.readKey)('GET', url)
    write.handle((_request, response) => {
      response.writeHead(412, { 'content-type': 'application/json' })
      response.end('{"error":{"code":"PRECONDITION_FAILED","message":"stale"}}')
    })
    await client(site.adminKey)('POST', '/api/content/doc/publish', {
      headers: { 'if-match': '"1"' },
    })
    await client(site.readKey)('GET', url)
    expect(askedFor(url)).toBe(1)
  })

  it('when another website changes, then this website keeps its cached reads', async () => {
    read.handle(listAnswer)
    const other = await createTestWebsite()
    const url = freshList()
    await client(site.readKey)('GET', url)
    write.handle(documentAnswer('published'))
    await client(other.adminKey)('POST', '/api/content/doc/publish')
    await client(site.readKey)('GET', url)
    expect(askedFor(url)).toBe(1)
  })
})

describe('read cache: conditional reads', () => {
  it('when a list is read again with its ETag, then the answer is 304 without a body', async () => {
    read.handle(listAnswer)
    const url = freshList()
    const first = await client(site.readKey)('GET', url)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    const again = await client(site.readKey, gateway.url, { 'if-none-match': etag! })('GET', url)
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    const changed = await client(site.readKey, gateway.url, { 'if-none-match': '"other"' })(
      'GET',
      url,
    )
    expect(changed.status).toBe(200)
  })

  it('when a document is read by id with its version ETag, then 304; by slug, always 200', async () => {
    read.handle(documentAnswer('published'))
    const conditional = client(site.readKey, gateway.url, { 'if-none-match': '"3"' })
    expect(
      (await conditional('GET', '/api/content/5b1c2d3e-0000-4000-8000-000000000002')).status,
    ).toBe(304)
    const bySlug = await conditional('GET', '/api/content/by-slug/post/hello')
    expect(bySlug.status).toBe(200)
    expect(bySlug.body).toEqual({ id: 'doc', status: 'published', version: 3 })
  })
})

describe('read cache: off, Redis away, several instances', () => {
  it('when READ_CACHE is off, then every read goes to the service, still with ETag and 304', async () => {
    const off = await startGateway({ ...upstreams(), REDIS_PREFIX: prefix, READ_CACHE: 'false' })
    try {
      read.handle(listAnswer)
      const url = freshList()
      const first = await client(site.readKey, off.url)('GET', url)
      await client(site.readKey, off.url)('GET', url)
      expect(askedFor(url)).toBe(2)
      read.handle((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        response.end(first.text)
      })
      const again = await client(site.readKey, off.url, {
        'if-none-match': first.headers.get('etag')!,
      })('GET', url)
      expect(again.status).toBe(304)
    } finally {
      await off.stop()
    }
  })

  it('when a gateway cannot reach Redis, then it serves no cached reads', async () => {
    const away = await startGateway({
      ...upstreams(),
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    })
    try {
      read.handle(listAnswer)
      const url = freshList()
      await client(site.readKey, away.url)('GET', url)
      await client(site.readKey, away.url)('GET', url)
      expect(askedFor(url)).toBe(2)
    } finally {
      await away.stop()
    }
  })

  it('when a write goes through one instance, then another sharing Redis stops serving the old answer within a second', async () => {
    const other = await startGateway({ ...upstreams(), REDIS_PREFIX: prefix })
    try {
      await cachingThrough(client(site.readKey, other.url))
      read.handle(listAnswer)
      const url = freshList()
      await client(site.readKey, other.url)('GET', url)
      await client(site.readKey, other.url)('GET', url)
      expect(askedFor(url)).toBe(1)
      write.handle(documentAnswer('published'))
      await client(site.adminKey)('POST', '/api/content/doc/publish')
      await waitFor(
        async () => {
          await client(site.readKey, other.url)('GET', url)
          return askedFor(url) > 1 ? true : undefined
        },
        { timeoutMs: 1000, intervalMs: 50, what: 'the other instance to give up its cached read' },
      )
    } finally {
      await other.stop()
    }
  })
})
