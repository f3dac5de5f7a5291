import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, jsonClient } from '@cms/testkit'
import type { ApiCall, TestWebsite } from '@cms/testkit'
import type { RunningGateway } from '../src/main.ts'
import { startEchoUpstream } from './support/echo-upstream.ts'
import type { EchoHandler, EchoUpstream } from './support/echo-upstream.ts'
import { privateRedisPrefix, startGateway } from './support/gateway-under-test.ts'
import { whenCaching } from './support/read-cache-probe.ts'

/**
 * `Authorization: Bearer <key>` and `x-api-key: <key>` are one key after authentication: what
 * the service is told, and where the read cache keeps an answer, do not depend on the header.
 */
let read: EchoUpstream
let write: EchoUpstream
let gateway: RunningGateway
let site: TestWebsite

const listAnswer: EchoHandler = (request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify({ url: request.url, n: read.seen.length }))
}

beforeAll(async () => {
  ;[read, write] = await Promise.all([startEchoUpstream(), startEchoUpstream()])
  gateway = await startGateway({
    CONTENT_READ_URL: read.url,
    CONTENT_WRITE_URL: write.url,
    SCHEMA_URL: write.url,
    WEBHOOK_URL: write.url,
    REDIS_PREFIX: privateRedisPrefix(),
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

const asBearer = (key: string): ApiCall =>
  jsonClient(gateway.url, { authorization: `Bearer ${key}` })
const asHeader = (key: string): ApiCall => jsonClient(gateway.url, { 'x-api-key': key })
let unique = 0
const freshList = () => `/api/content?type=post&page=${++unique}`
const askedFor = (url: string) => read.seen.filter((request) => request.url === url).length

const cachingThrough = (api: ApiCall) => whenCaching({ api, read, answer: listAnswer, freshList })

describe('bearer keys behind authentication', () => {
  it('when a key comes as Bearer, then the service gets the same caller as with x-api-key and neither credential', async () => {
    const viaBearer = await asBearer(site.adminKey)('GET', '/api/content-types')
    const viaHeader = await asHeader(site.adminKey)('GET', '/api/content-types')
    expect(viaBearer.status, viaBearer.text).toBe(200)
    const [first, second] = write.seen.slice(-2).map((request) => request.headers)
    for (const name of ['x-website-id', 'x-key-id', 'x-key-permissions']) {
      expect(first![name], name).toBeDefined()
      expect(first![name], name).toBe(second![name])
    }
    expect(first!.authorization).toBeUndefined()
    expect(first!['x-api-key']).toBeUndefined()
    expect(viaHeader.status).toBe(200)
  })

  it('when the keys of the two headers differ, then the service is not asked', async () => {
    const before = write.seen.length
    const response = await jsonClient(gateway.url, {
      'x-api-key': site.adminKey,
      authorization: `Bearer ${site.readKey}`,
    })('GET', '/api/content-types')
    expect(response.status).toBe(401)
    expect(write.seen.length).toBe(before)
  })

  it('when one read is sent with Bearer and then with x-api-key, then the second is answered from the cache', async () => {
    await cachingThrough(asHeader(site.readKey))
    read.handle(listAnswer)
    for (const [first, second] of [
      [asBearer, asHeader],
      [asHeader, asBearer],
    ]) {
      const url = freshList()
      const one = await first!(site.readKey)('GET', url)
      const two = await second!(site.readKey)('GET', url)
      expect(one.status).toBe(200)
      expect(two.text).toBe(one.text)
      expect(askedFor(url)).toBe(1)
    }
  })
})
