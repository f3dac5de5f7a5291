import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Redis } from 'ioredis'
import { jsonClient, waitFor } from '@cms/testkit'
import {
  acknowledged,
  expectNothingLost,
  readinessReport,
  startFaultStack,
  startWriteLoad,
  statusCounts,
  UPSTREAM_TIMEOUT_MS,
} from './resilience-kit.ts'
import type { FaultStack } from './resilience-kit.ts'

/**
 * The backing servers stopped for real (processes of a stack of our own) under a steady write
 * load through the gateway, and started again on the same port: what clients see meanwhile,
 * and that nothing acknowledged is lost afterwards (document, version record, webhook event).
 */
let faults: FaultStack

beforeAll(async () => {
  faults = await startFaultStack('resilience-backends')
}, 180_000)

afterAll(async () => {
  await faults?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('MongoDB stopped under a write load', () => {
  it('when MongoDB is down for 10 s, then writes get 503 (never 500, never a hang), succeed after, and nothing acknowledged is lost', async () => {
    const site = await faults.website()
    const load = startWriteLoad({
      gatewayUrl: faults.gatewayUrl,
      adminKey: site.adminKey,
      perSecond: 6,
      label: 'mongo',
    })
    await sleep(3000)
    const stoppedAt = Date.now()
    await faults.stack.backends.mongo.control!.stop()
    const downAt = Date.now()
    await sleep(10_000)
    const restartingAt = Date.now()
    await faults.stack.backends.mongo.control!.start()
    const backAt = Date.now()
    // Writes succeed again once the drivers have reconnected.
    await waitFor(
      () => {
        const recent = load.records.filter((r) => r.startedAt > backAt)
        return recent.filter((r) => r.status >= 200 && r.status < 300).length >= 5
          ? true
          : undefined
      },
      { timeoutMs: 30_000, what: 'writes to succeed after MongoDB is back' },
    ).catch(async (error: Error) => {
      const last = load.records.slice(-3).map((r) => `${r.status} ${r.code ?? ''}`)
      throw new Error(
        `${error.message}; last answers: ${last.join(', ')}; readiness: ${await readinessReport(faults.stack)}`,
      )
    })
    await sleep(2000)
    const records = await load.stop()
    const summary = JSON.stringify(statusCounts(records))

    expect(
      records.filter((r) => r.status >= 500 && r.status !== 503),
      summary,
    ).toEqual([])
    expect(
      records.filter((r) => r.status === 0),
      summary,
    ).toEqual([])
    for (const record of records) {
      expect(record.ms, `${record.kind} took ${record.ms} ms`).toBeLessThan(
        UPSTREAM_TIMEOUT_MS + 1000,
      )
      if (record.status === 503) expect(record.code).toBe('SERVICE_UNAVAILABLE')
      else expect(record.status, `${record.kind}: ${record.code}`).toBeLessThan(300)
    }
    // Sent after the server had exited and answered before it started again (a request waits
    // up to 3 s for a server, so one sent just before the restart may rightly succeed after it;
    // FerretDB finishes what it has for a few seconds after SIGTERM).
    const whileDown = records.filter(
      (r) => r.startedAt > downAt && r.startedAt + r.ms < restartingAt,
    )
    expect(whileDown.length, 'writes were tried while MongoDB was down').toBeGreaterThan(10)
    const servedWhileDown = whileDown.filter((r) => r.status !== 503)
    expect(servedWhileDown, `stopping took ${downAt - stoppedAt} ms`).toEqual([])
    expect(acknowledged(records.filter((r) => r.startedAt < stoppedAt)).length).toBeGreaterThan(5)
    const last = records.slice(-5)
    expect(
      last.every((r) => r.status < 300),
      JSON.stringify(statusCounts(last)),
    ).toBe(true)

    await expectNothingLost({
      api: site.api,
      mongoUrl: faults.mongoUrl,
      websiteId: site.websiteId,
      records,
      receiver: faults.receiver,
    })
  }, 150_000)
})

describe('RabbitMQ stopped under a write load', () => {
  it('when the broker is down, then every write still succeeds and its events arrive once the broker is back', async () => {
    const site = await faults.website()
    const load = startWriteLoad({
      gatewayUrl: faults.gatewayUrl,
      adminKey: site.adminKey,
      perSecond: 6,
      label: 'broker',
    })
    await sleep(2000)
    const stoppedAt = Date.now()
    await faults.stack.backends.amqp.control!.stop()
    await sleep(6000)
    const whileDown = load.records.filter((r) => r.startedAt > stoppedAt)
    const eventsBefore = faults.receiver.requests.length
    await faults.stack.backends.amqp.control!.start()
    await sleep(2000)
    const records = await load.stop()

    expect(
      records.every((r) => r.status >= 200 && r.status < 300),
      JSON.stringify(statusCounts(records)),
    ).toBe(true)
    expect(whileDown.length).toBeGreaterThan(20)
    // Nothing could be delivered while the broker was away: the events come after.
    const ledger = await expectNothingLost({
      api: site.api,
      mongoUrl: faults.mongoUrl,
      websiteId: site.websiteId,
      records,
      receiver: faults.receiver,
    })
    expect(faults.receiver.requests.length).toBeGreaterThan(eventsBefore)
    expect(ledger.versions).toBeGreaterThanOrEqual(acknowledged(records).length)
  }, 150_000)
})

describe('Redis stopped', () => {
  it('when Redis is down, then the gateway keeps serving with per-instance limits, and limits are shared in Redis again once it is back', async () => {
    const site = await faults.website()
    const admin = jsonClient(faults.gatewayUrl, {
      authorization: `Bearer ${faults.stack.services.adminToken}`,
    })
    const smallKey = async () => {
      const key = await admin('POST', `/admin/api/websites/${site.websiteId}/keys`, {
        body: { scope: 'read', rateLimit: { perMinute: 5 } },
      })
      expect(key.status, key.text).toBe(201)
      return {
        id: key.body.id as string,
        api: jsonClient(faults.gatewayUrl, { 'x-api-key': key.body.key }),
      }
    }
    const small = await smallKey()
    await faults.stack.backends.redis.control!.stop()

    // A generous key: everything is served while Redis is away, and nothing waits for it (a
    // request that waited for Redis would take its 1 s command time-out at least).
    const times: number[] = []
    for (let i = 0; i < 20; i++) {
      const started = Date.now()
      const response = await site.api('GET', '/api/content')
      expect(response.status, response.text).toBe(200)
      times.push(Date.now() - started)
    }
    times.sort((a, b) => a - b)
    expect(times[10], `times: ${times.join(', ')}`).toBeLessThan(500)
    const write = await site.api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'Written without Redis' } },
    })
    expect(write.status, write.text).toBe(201)
    const ready = await fetch(`${faults.gatewayUrl}/readyz`)
    expect(ready.status, 'the gateway stays in rotation').toBe(200)

    // The small plan still holds, in this instance's memory: 5 served, then 429.
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) statuses.push((await small.api('GET', '/api/content')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])

    await faults.stack.backends.redis.control!.start()
    await waitFor(
      async () => {
        const response = await fetch(`${faults.gatewayUrl}/readyz`)
        const body = (await response.json()) as { checks: Record<string, string> }
        return body.checks.redis === 'ok' ? true : undefined
      },
      { timeoutMs: 15_000, intervalMs: 250, what: 'the gateway to reconnect to Redis' },
    )
    const fresh = await smallKey()
    const statusesAfter: number[] = []
    for (let i = 0; i < 6; i++) statusesAfter.push((await fresh.api('GET', '/api/content')).status)
    expect(statusesAfter).toEqual([200, 200, 200, 200, 200, 429])
    // Counted in Redis, where every gateway instance sees it.
    const redis = new Redis(faults.stack.backends.redis.url)
    try {
      const keys = await redis.keys(`*rl:minute:${fresh.id}`)
      expect(keys).toHaveLength(1)
      expect(Number(await redis.get(keys[0]!))).toBe(6)
    } finally {
      redis.disconnect()
    }
  }, 90_000)
})
