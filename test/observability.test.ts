import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { followServiceLog, metricsUrlOf, testEnv, waitFor } from '@cms/testkit'
import type { LogLine, ServiceLog } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

const env = testEnv()
const newTraceId = () => randomBytes(16).toString('hex')
const traceparentOf = (traceId: string) => `00-${traceId}-${randomBytes(8).toString('hex')}-01`

/** Waits until `log` holds a line that `match` accepts; every such line. */
async function linesOf(
  log: ServiceLog,
  match: (line: LogLine) => boolean,
  what: string,
): Promise<LogLine[]> {
  return waitFor(
    () => {
      const found = log.lines().filter(match)
      return found.length > 0 ? found : undefined
    },
    { timeoutMs: 20_000, what },
  )
}

const accessLine = (line: LogLine) => line.msg === 'request'

let site: ContentSite
let receiver: Receiver

beforeAll(async () => {
  site = await contentSite()
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver?.close()
})

describe('access logs', () => {
  it('when a request comes with x-request-id and traceparent, then the gateway and the content service each log one line with both ids and never the key', async () => {
    const logs = { gateway: followServiceLog('gateway'), content: followServiceLog('content-read') }
    const requestId = `obs-${randomUUID()}`
    const traceId = newTraceId()
    const response = await site.api('GET', '/api/content?type=article&draft=true', {
      headers: { 'x-request-id': requestId, traceparent: traceparentOf(traceId) },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe(requestId)

    for (const [service, log] of Object.entries(logs)) {
      const lines = await linesOf(
        log,
        (line) => accessLine(line) && line.requestId === requestId,
        `${service}'s access line`,
      )
      expect(lines, service).toHaveLength(1)
      expect(lines[0], service).toMatchObject({
        level: 'info',
        traceId,
        method: 'GET',
        route: '/api/content',
        path: '/api/content',
        status: 200,
        websiteId: site.websiteId,
        keyPrefix: site.adminKey.slice(0, 12),
        durationMs: expect.any(Number),
      })
      const everything = JSON.stringify(log.lines())
      expect(everything, service).not.toContain(site.adminKey)
      expect(everything, service).not.toContain(site.adminKey.slice(12))
    }
  })

  it('when a request comes without a traceparent, then the gateway starts a trace and the service behind it logs the same trace id', async () => {
    const logs = { gateway: followServiceLog('gateway'), schema: followServiceLog('schema') }
    const requestId = `obs-${randomUUID()}`
    await expectStatus(
      site.api('GET', '/api/content-types', { headers: { 'x-request-id': requestId } }),
      200,
    )
    const [gateway, schema] = await Promise.all(
      Object.entries(logs).map(async ([service, log]) => {
        const lines = await linesOf(
          log,
          (line) => accessLine(line) && line.requestId === requestId,
          `${service}'s access line`,
        )
        return lines[0]!
      }),
    )
    expect(gateway!.traceId).toMatch(/^[0-9a-f]{32}$/)
    expect(schema!.traceId).toBe(gateway!.traceId)
    expect(schema!.route).toBe('/api/content-types')
  })

  it('when a probe answers, then it writes no access line at the default level', async () => {
    const log = followServiceLog('gateway')
    for (let i = 0; i < 3; i++) await (await fetch(`${env.gatewayUrl}/healthz`)).body?.cancel()
    const requestId = `obs-${randomUUID()}`
    await site.api('GET', '/api/content-types', { headers: { 'x-request-id': requestId } })
    await linesOf(log, (line) => line.requestId === requestId, 'the marker request')
    expect(log.lines().filter((line) => line.path === '/healthz')).toEqual([])
  })
})

describe('traces', () => {
  it("webhooks: deliveries carry the write's trace — when a write comes with a traceparent, then its trace id reaches the webhook delivery's traceparent, and every service on the way logs it", async () => {
    await expectStatus(
      site.api('POST', '/api/webhooks', {
        body: { name: 'traced', url: `${receiver.url}/hook`, events: ['entry.create'] },
      }),
      201,
    )
    const logs = {
      gateway: followServiceLog('gateway'),
      'content-write': followServiceLog('content-write'),
      webhook: followServiceLog('webhook'),
    }
    const traceId = newTraceId()
    const created = await expectStatus(
      site.api('POST', '/api/content', {
        body: { type: 'article', data: { title: 'Traced all the way' } },
        headers: { traceparent: traceparentOf(traceId) },
      }),
      201,
    )
    const [delivery] = await receiver.waitForRequests(1, 20_000)
    expect(delivery!.json().document.id).toBe(created.body.id)
    const header = String(delivery!.headers.traceparent)
    expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
    expect(header.split('-')[1]).toBe(traceId)

    for (const [service, log] of Object.entries(logs)) {
      const traced = await linesOf(log, (line) => line.traceId === traceId, `${service}'s lines`)
      expect(traced.length, service).toBeGreaterThan(0)
    }
    const attempt = await linesOf(
      logs.webhook,
      (line) => line.msg === 'webhook attempt' && line.traceId === traceId,
      'the logged attempt',
    )
    expect(attempt[0]).toMatchObject({ statusCode: 200, outcome: 'succeeded' })
  })

  it("when a delivery is retried, then the retry carries the write's trace id too", async () => {
    const failingOnce = await startReceiver((index) => (index === 0 ? 500 : 200))
    try {
      const other = await contentSite()
      await expectStatus(
        other.api('POST', '/api/webhooks', {
          body: { name: 'retried', url: `${failingOnce.url}/hook`, events: ['entry.create'] },
        }),
        201,
      )
      const traceId = newTraceId()
      await expectStatus(
        other.api('POST', '/api/content', {
          body: { type: 'article', data: { title: 'Traced on retry' } },
          headers: { traceparent: traceparentOf(traceId) },
        }),
        201,
      )
      const attempts = await failingOnce.waitForRequests(2, 20_000)
      expect(attempts.map((attempt) => String(attempt.headers.traceparent).split('-')[1])).toEqual([
        traceId,
        traceId,
      ])
    } finally {
      await failingOnce.close()
    }
  })
})

describe('metrics', () => {
  it('when /metrics is asked on the public gateway port, then it is not there; on the metrics port it is', async () => {
    const publicPort = await fetch(`${env.gatewayUrl}/metrics`)
    expect(publicPort.status).toBe(404)
    expect(await publicPort.text()).not.toContain('process_cpu_user_seconds_total')
    const internal = await fetch(`${metricsUrlOf('gateway')}/metrics`)
    expect(internal.status).toBe(200)
    expect(await internal.text()).toContain('http_request_duration_seconds_bucket')
  })
})
