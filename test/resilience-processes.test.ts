import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServiceName } from '@cms/stack'
import {
  acknowledged,
  expectNothingLost,
  startFaultStack,
  startWriteLoad,
  statusCounts,
  UPSTREAM_TIMEOUT_MS,
} from './resilience-kit.ts'
import type { FaultStack, WriteRecord } from './resilience-kit.ts'

/**
 * Services killed and stopped for real under a write load through the gateway: SIGKILL in the
 * middle of requests loses nothing and doubles nothing; SIGTERM turns readiness off first, keeps
 * serving for SHUTDOWN_DELAY_MS (so a load balancer can take the instance out), then refuses
 * new connections while the requests in flight complete.
 */
const SHUTDOWN_DELAY_MS = 1500
let faults: FaultStack

beforeAll(async () => {
  const delay = { SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS) }
  faults = await startFaultStack('resilience-processes', { 'content-write': delay, gateway: delay })
}, 180_000)

afterAll(async () => {
  await faults?.stop()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const serviceUrl = (service: ServiceName) => faults.stack.services.urls[service]
const processOf = (service: ServiceName) => faults.stack.services.processes[service]

/** A create whose body arrives in two parts, `finish()` sending the second: a request in flight. */
function slowCreate(gatewayUrl: string, adminKey: string, title: string) {
  const body = JSON.stringify({ type: 'article', data: { title } })
  const req = request(new URL('/api/content', gatewayUrl), {
    method: 'POST',
    headers: { 'x-api-key': adminKey, 'content-type': 'application/json' },
  })
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        }),
      )
    })
    req.on('error', reject)
  })
  req.write(body.slice(0, 12))
  return { response, finish: () => req.end(body.slice(12)) }
}

/** Polls `/readyz` every 50 ms; remembers when it first answered 503, and with what. */
function watchReadiness(url: string) {
  let running = true
  const seen: { at: number; status: number; body?: string }[] = []
  const loop = (async () => {
    while (running) {
      const at = Date.now()
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) })
        seen.push({ at, status: response.status, body: await response.text() })
      } catch {
        seen.push({ at, status: 0 })
      }
      await sleep(50)
    }
  })()
  return {
    seen,
    firstNotReady: () => seen.find((probe) => probe.status !== 200),
    async stop() {
      running = false
      await loop
    },
  }
}

async function waitForCondition(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition')
    await sleep(5)
  }
}

const inFlightAt = (records: readonly WriteRecord[], at: number) =>
  records.filter((r) => r.startedAt < at && r.startedAt + r.ms > at)

describe('SIGKILL in the middle of requests', () => {
  it('when the content writer and the webhook service are killed under load and restarted, then no partial document, no duplicate version and no lost event', async () => {
    const site = await faults.website()
    const load = startWriteLoad({
      gatewayUrl: faults.gatewayUrl,
      adminKey: site.adminKey,
      perSecond: 12,
      label: 'kill',
    })
    await sleep(2500)
    // Deterministically mid-request: a create whose body is half sent when the writer dies.
    const halfSent = slowCreate(faults.gatewayUrl, site.adminKey, 'Half sent at the kill')
    // And likely mid-commit: a burst of writes, killed once the first of them has answered.
    const answered = load.records.length
    const burst = load.burst(30)
    await waitForCondition(() => load.records.length > answered)
    const killedAt = Date.now()
    await processOf('content-write').kill()
    await sleep(400)
    await processOf('webhook').kill()
    await sleep(1500)
    await Promise.all([processOf('content-write').start(), processOf('webhook').start()])
    await sleep(2500)
    halfSent.finish()
    const halfSentAnswer = await halfSent.response
    await burst
    const records = await load.stop()
    const summary = JSON.stringify(statusCounts(records))

    expect(halfSentAnswer.status).toBe(503)
    const orphan = await site.api(
      'GET',
      '/api/content?draft=true&filters[title][$eq]=Half sent at the kill',
    )
    expect(orphan.body.docs, 'no document from a request cut in half').toEqual([])

    expect(
      inFlightAt(records, killedAt).length,
      'requests were in flight at the kill',
    ).toBeGreaterThan(0)
    for (const record of records) {
      expect(record.status === 503 || (record.status >= 200 && record.status < 300), summary).toBe(
        true,
      )
      expect(record.ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + 1000)
    }
    expect(acknowledged(records).length).toBeGreaterThan(20)
    await expectNothingLost({
      api: site.api,
      mongoUrl: faults.mongoUrl,
      websiteId: site.websiteId,
      records,
      receiver: faults.receiver,
    })
  }, 120_000)
})

describe('SIGTERM under load', () => {
  it.each(['content-write', 'gateway'] as const)(
    'when %s gets SIGTERM, then readiness turns 503 first, requests in flight complete, and only then are new ones refused',
    async (service) => {
      const site = await faults.website()
      const load = startWriteLoad({
        gatewayUrl: faults.gatewayUrl,
        adminKey: site.adminKey,
        perSecond: 10,
        label: `term-${service}`,
      })
      const readiness = watchReadiness(serviceUrl(service))
      await sleep(1500)
      const slow = slowCreate(faults.gatewayUrl, site.adminKey, `In flight through ${service}`)
      await sleep(300)
      const termAt = Date.now()
      const exited = processOf(service).stop(15_000)
      // Past the shutdown delay: new connections are refused by now, the slow one is still open.
      await sleep(SHUTDOWN_DELAY_MS + 1000)
      slow.finish()
      const slowAnswer = await slow.response
      const answeredAt = Date.now()
      await exited
      const exitedAt = Date.now()
      await sleep(500)
      await processOf(service).start()
      const restartedAt = Date.now()
      await sleep(1000)
      const records = await load.stop()
      await readiness.stop()

      expect(slowAnswer.status, JSON.stringify(slowAnswer.body)).toBe(201)
      // Done once its last request is: idle keep-alive connections do not hold the exit up.
      expect(exitedAt - answeredAt, 'exit after the last answer').toBeLessThan(6000)
      const notReady = readiness.firstNotReady()
      expect(notReady, 'readiness turned 503').toBeDefined()
      expect(notReady!.status).toBe(503)
      expect(notReady!.body).toContain('draining')
      expect(notReady!.at - termAt).toBeLessThan(2000)

      const refused = records.filter((r) => r.status < 200 || r.status >= 300)
      const firstRefused = Math.min(...refused.map((r) => r.startedAt))
      expect(refused.length, 'new requests were refused once it stopped').toBeGreaterThan(0)
      expect(firstRefused, 'nothing was refused before readiness said so').toBeGreaterThan(
        notReady!.at,
      )
      const servedWhileDraining = records.filter(
        (r) => r.startedAt > notReady!.at && r.startedAt < firstRefused && r.status < 300,
      )
      expect(servedWhileDraining.length, 'served during the shutdown delay').toBeGreaterThan(3)
      const inFlight = inFlightAt(records, termAt)
      expect(inFlight.every((r) => r.status >= 200 && r.status < 300)).toBe(true)
      for (const record of refused) {
        // Behind the gateway a stopped writer is a 503; a stopped gateway refuses the connection.
        if (service === 'gateway') expect(record.status === 0 || record.status === 503).toBe(true)
        else expect(record.code).toBe('SERVICE_UNAVAILABLE')
        expect(record.ms).toBeLessThan(UPSTREAM_TIMEOUT_MS + 1000)
      }
      const afterRestart = records.filter((r) => r.startedAt > restartedAt)
      expect(afterRestart.length).toBeGreaterThan(3)
      expect(afterRestart.every((r) => r.status >= 200 && r.status < 300)).toBe(true)
      await expectNothingLost({
        api: site.api,
        mongoUrl: faults.mongoUrl,
        websiteId: site.websiteId,
        records: [
          ...records,
          {
            kind: 'create',
            status: 201,
            startedAt: termAt,
            ms: 0,
            documentId: slowAnswer.body.id,
            version: 1,
            title: `In flight through ${service}`,
          },
        ],
        receiver: faults.receiver,
      })
    },
    120_000,
  )
})
