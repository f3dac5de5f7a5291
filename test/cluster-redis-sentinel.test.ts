import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATA_ROOT, launchServices } from '@cms/stack'
import type { RunningServices } from '@cms/stack'
import { jsonClient, testEnv, waitFor } from '@cms/testkit'
import { ensureRedisSentinel, startSentinelGroup } from './cluster-redis-kit.ts'
import type { SentinelGroup } from './cluster-redis-kit.ts'

/**
 * A gateway of its own whose Redis is a primary, a replica and three Sentinels (REDIS_SENTINELS),
 * in front of the shared content and schema services. The primary is SIGKILLed while API calls
 * flow: every call must still be answered (rate limits count in memory meanwhile), and the
 * counts must land in Redis again, on the promoted replica, within 5 s.
 */
const PREFIX = `cms:sentinel-${randomUUID().slice(0, 8)}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let group: SentinelGroup | undefined
let services: RunningServices | undefined
let dataDir: string
let gatewayDb: string
let call: () => Promise<Response>
let apiKey: string

/** A gateway of this file (own database, same admin token) in front of the shared services. */
function launchGateway(redisUrl: string, extra: Record<string, string> = {}) {
  const env = testEnv()
  return launchServices({
    mongoUrl: env.mongoUrl,
    redisUrl,
    amqpUrl: env.amqpUrl,
    dataDir,
    internalToken: env.internalToken,
    adminToken: services?.adminToken,
    only: ['gateway'],
    env: {
      gateway: {
        LOG_LEVEL: 'warn',
        MONGO_DB: gatewayDb,
        REDIS_PREFIX: PREFIX,
        CONTENT_READ_URL: env.contentReadUrl,
        CONTENT_WRITE_URL: env.contentWriteUrl,
        SCHEMA_URL: env.schemaUrl,
        ...extra,
      },
    },
  })
}

beforeAll(async () => {
  ensureRedisSentinel()
  dataDir = mkdtempSync(join(DATA_ROOT, 'cluster-redis-'))
  group = await startSentinelGroup({ dataDir })
  gatewayDb = `cms_gateway_sentinel_${randomUUID().slice(0, 8)}`
  // The host of REDIS_URL is not used in Sentinel mode; the Sentinels name the primary.
  services = await launchGateway('redis://unused.invalid:6379', {
    REDIS_SENTINELS: group.sentinelAddresses,
    REDIS_SENTINEL_NAME: group.name,
  })
  const admin = jsonClient(services.gatewayUrl, {
    authorization: `Bearer ${services.adminToken}`,
  })
  const website = await admin('POST', '/admin/api/websites', { body: { name: 'sentinel' } })
  expect(website.status, website.text).toBe(201)
  const key = await admin('POST', `/admin/api/websites/${website.body.id}/keys`, {
    body: { name: 'reader', scope: 'admin', rateLimit: { perMinute: 100_000, perDay: 1_000_000 } },
  })
  expect(key.status, key.text).toBe(201)
  const gatewayUrl = services.gatewayUrl
  apiKey = key.body.key
  call = () =>
    fetch(`${gatewayUrl}/api/content-types`, {
      headers: { 'x-api-key': key.body.key },
      signal: AbortSignal.timeout(5000),
    })
}, 180_000)

afterAll(async () => {
  await services?.stop()
  await group?.stop()
  if (gatewayDb) {
    const mongo = new MongoClient(testEnv().mongoUrl)
    await mongo.db(gatewayDb).dropDatabase()
    await mongo.close()
  }
  if (dataDir && process.env.CMS_KEEP_TEST_DATA !== 'true')
    rmSync(dataDir, { recursive: true, force: true })
}, 60_000)

/** The minute-window count of the key on the server at `port` (0 when it has none). */
/** The minute-window counts under the gateway's prefix on the server at `port`, summed. */
function countOn(port: number): Promise<number> {
  return group!.withClient(port, async (redis) => {
    const keys = await redis.keys(`${PREFIX}:rl:minute:*`)
    const values = keys.length > 0 ? await redis.mget(...keys) : []
    return values.reduce((sum, value) => sum + Number(value ?? 0), 0)
  })
}

/** `fn`, or undefined when the server does not answer (it may be restarting). */
const unlessDown = <T>(fn: () => Promise<T>): Promise<T | undefined> => fn().catch(() => undefined)

describe('the gateway on Redis with Sentinels', () => {
  it('when a gateway is given a plain redis:// address of a replica, then readiness reports Redis failing although it answers PING, and calls are still answered', async () => {
    const replicaPort = group!.replica.port
    expect(await group!.withClient(replicaPort, (redis) => redis.ping())).toBe('PONG')
    const plain = await launchGateway(`redis://127.0.0.1:${replicaPort}`)
    try {
      const readiness = await fetch(`${plain.gatewayUrl}/readyz`)
      expect(readiness.status).toBe(200)
      const body = (await readiness.json()) as { status: string; checks: Record<string, string> }
      expect(body.status).toBe('degraded')
      expect(body.checks.redis).not.toBe('ok')
      const before = await countOn(replicaPort)
      const answered = await fetch(`${plain.gatewayUrl}/api/content-types`, {
        headers: { 'x-api-key': apiKey },
      })
      expect(answered.status).toBe(200)
      expect(answered.headers.get('x-ratelimit-remaining')).not.toBeNull()
      expect(await countOn(replicaPort)).toBe(before)
    } finally {
      await plain.stop()
    }
  }, 60_000)

  it('when the primary is killed under load, then every call is answered and the rate limits count in Redis again within 5 s', async () => {
    for (let i = 0; i < 5; i++) expect((await call()).status).toBe(200)
    const oldPrimary = group!.primary.port
    expect(await group!.primaryPort()).toBe(oldPrimary)
    expect(await countOn(oldPrimary), 'counted in Redis before the kill').toBeGreaterThanOrEqual(5)

    const killedAt = Date.now()
    await group!.primary.process.kill()
    const statuses: number[] = []
    let countingAgainAt: number | undefined
    let previous: { port: number; count: number } | undefined
    while (Date.now() - killedAt < 20_000 && countingAgainAt === undefined) {
      const sentAt = Date.now()
      statuses.push((await call()).status)
      const port = await group!.primaryPort()
      if (port !== oldPrimary) {
        const count = await countOn(port)

        // This call moved the new primary's count: the gateway counts in Redis again.
        if (previous?.port === port && count > previous.count) countingAgainAt = sentAt
        previous = { port, count }
      }
      await sleep(100)
    }
    const readiness = await fetch(`${services!.gatewayUrl}/readyz`)
    expect(readiness.status, 'Redis is advisory for the gateway').toBe(200)
    expect(
      statuses.filter((status) => status !== 200),
      'calls not answered 200',
    ).toEqual([])
    const report = await (await fetch(`${services!.gatewayUrl}/readyz`)).text()
    expect(
      countingAgainAt,
      `the counts never reached the promoted replica (last seen: ${JSON.stringify(previous)}, readiness ${report})`,
    ).toBeDefined()
    const recoveryMs = countingAgainAt! - killedAt
    expect(recoveryMs).toBeLessThan(5000)

    // The former primary comes back empty and as a primary until the Sentinels demote it; the
    // gateway must not count there (those counts would be thrown away).
    await group!.primary.process.start()
    await waitFor(
      async () =>
        (
          await unlessDown(() =>
            group!.withClient(oldPrimary, (redis) => redis.info('replication')),
          )
        )?.includes('role:slave')
          ? true
          : undefined,
      { timeoutMs: 20_000, intervalMs: 200, what: 'the former primary to become a replica' },
    )
    const newPrimary = await group!.primaryPort()
    const before = await countOn(newPrimary)
    for (let i = 0; i < 10; i++) expect((await call()).status).toBe(200)
    expect(await countOn(newPrimary)).toBe(before + 10)
    process.stderr.write(
      `[cluster-redis] calls during the failover ${statuses.length}, none refused; ` +
        `rate limits counted in Redis again ${(recoveryMs / 1000).toFixed(2)} s after the kill\n`,
    )
  }, 90_000)
})
