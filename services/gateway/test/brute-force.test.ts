import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, jsonClient } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import type { RunningGateway } from '../src/main.ts'
import { startEchoUpstream } from './support/echo-upstream.ts'
import type { EchoUpstream } from './support/echo-upstream.ts'
import { privateRedisPrefix, startGateway } from './support/gateway-under-test.ts'

const FAILURES_ALLOWED = 5

let upstream: EchoUpstream
let behindProxy: RunningGateway
let direct: RunningGateway
let site: TestWebsite

beforeAll(async () => {
  upstream = await startEchoUpstream()
  const common = {
    CONTENT_READ_URL: upstream.url,
    CONTENT_WRITE_URL: upstream.url,
    SCHEMA_URL: upstream.url,
    WEBHOOK_URL: upstream.url,
    AUTH_FAILURES_PER_MINUTE: String(FAILURES_ALLOWED),
  }
  ;[behindProxy, direct] = await Promise.all([
    startGateway({ ...common, REDIS_PREFIX: privateRedisPrefix(), TRUST_PROXY_HOPS: '1' }),
    startGateway({ ...common, REDIS_PREFIX: privateRedisPrefix() }),
  ])
  site = await createTestWebsite()
})

afterAll(async () => {
  await Promise.all([behindProxy?.stop(), direct?.stop()])
  await upstream?.stop()
})

const guess = () => `cms_${randomBytes(32).toString('base64url')}`
const from = (gateway: RunningGateway, address: string, key: string) =>
  jsonClient(gateway.url, { 'x-api-key': key, 'x-forwarded-for': address })

describe('guessing keys', () => {
  it('when one address keeps guessing keys, then it is refused with 429 and even a right key is refused', async () => {
    const attacker = `198.51.100.${Math.floor(Math.random() * 200) + 1}` // .250 is the admin test's
    for (let i = 0; i < FAILURES_ALLOWED; i++) {
      expect((await from(behindProxy, attacker, guess())('GET', '/api/content')).status).toBe(401)
    }
    const blocked = await from(behindProxy, attacker, guess())('GET', '/api/content')
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } })
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const rightKey = await from(behindProxy, attacker, site.readKey)('GET', '/api/content')
    expect(rightKey.status).toBe(429)
  })

  it('when one address is blocked, then another address is served as before', async () => {
    const attacker = '203.0.113.7'
    for (let i = 0; i <= FAILURES_ALLOWED; i++)
      await from(behindProxy, attacker, guess())('GET', '/api/content')
    expect((await from(behindProxy, attacker, site.readKey)('GET', '/api/content')).status).toBe(
      429,
    )
    expect(
      (await from(behindProxy, '203.0.113.8', site.readKey)('GET', '/api/content')).status,
    ).toBe(200)
    expect((await from(behindProxy, '203.0.113.8', guess())('GET', '/api/content')).status).toBe(
      401,
    )
  })

  it('when no proxy is trusted, then a forged X-Forwarded-For does not reset the count', async () => {
    for (let i = 0; i < FAILURES_ALLOWED; i++) {
      expect((await from(direct, `192.0.2.${i + 1}`, guess())('GET', '/api/content')).status).toBe(
        401,
      )
    }
    expect((await from(direct, '192.0.2.99', guess())('GET', '/api/content')).status).toBe(429)
  })

  it('when the admin token is guessed, then the same throttle applies', async () => {
    const attacker = '198.51.100.250'
    const admin = (token: string) =>
      jsonClient(behindProxy.url, { authorization: `Bearer ${token}`, 'x-forwarded-for': attacker })
    for (let i = 0; i < FAILURES_ALLOWED; i++) {
      expect((await admin(guess())('GET', '/admin/api/websites')).status).toBe(401)
    }
    expect((await admin(guess())('GET', '/admin/api/websites')).status).toBe(429)
    expect((await admin(process.env.CMS_ADMIN_TOKEN!)('GET', '/admin/api/websites')).status).toBe(
      429,
    )
  })
})
