import { describe, expect, it } from 'vitest'
import { metricsUrlOf, testEnv, waitFor } from '@cms/testkit'

const env = testEnv()
const services = {
  gateway: env.gatewayUrl,
  'content-read': env.contentReadUrl,
  'content-write': env.contentWriteUrl,
  schema: env.schemaUrl,
  webhook: env.webhookUrl,
}
const internal = Object.entries(services).filter(([name]) => name !== 'gateway')

describe('health, readiness and metrics', () => {
  it.each(Object.entries(services))(
    'when %s is asked /healthz and /readyz, then both answer 200',
    async (_, url) => {
      const health = await fetch(`${url}/healthz`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok', instance: expect.any(String) })
      // Readiness checks have time limits, which one slow answer on a busy run can miss.
      const ready = await waitFor(
        async () => {
          const answer = await fetch(`${url}/readyz`)
          return answer.status === 200 ? answer : void (await answer.body?.cancel())
        },
        { timeoutMs: 15_000, intervalMs: 250, what: `${url}/readyz to answer 200` },
      )
      const body = (await ready.json()) as { status: string; checks: Record<string, string> }
      expect(body.status).toBe('ready')
      expect(Object.keys(body.checks).length).toBeGreaterThan(0)
      expect(Object.values(body.checks).every((result) => result === 'ok')).toBe(true)
    },
  )

  it.each(Object.entries(services))(
    'when %s is scraped on its metrics port, then /metrics is Prometheus text with request durations, and its own port has none',
    async (name, url) => {
      await fetch(`${url}/healthz`)
      const elsewhere = await fetch(`${url}/metrics`)
      expect(elsewhere.status).toBe(404)
      await elsewhere.body?.cancel()
      const metrics = await fetch(`${metricsUrlOf(name)}/metrics`)
      expect(metrics.status).toBe(200)
      expect(metrics.headers.get('content-type')).toContain('text/plain')
      const text = await metrics.text()
      expect(text).toContain('http_request_duration_seconds_bucket')
      expect(text).toContain('process_cpu_user_seconds_total')
    },
  )
})

describe('internal credential', () => {
  it.each(internal)(
    'when %s is called without the internal credential, then it answers 401 in the contract shape',
    async (_, url) => {
      const response = await fetch(`${url}/api/content-types`, {
        headers: { 'x-website-id': 'w', 'x-key-id': 'k', 'x-key-scope': 'admin' },
      })
      expect(response.status).toBe(401)
      const body = (await response.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('UNAUTHORIZED')
      expect(typeof body.error.message).toBe('string')
    },
  )

  it.each(internal)(
    'when %s is called with a wrong internal credential, then it answers 401',
    async (_, url) => {
      const response = await fetch(`${url}/api/webhooks`, {
        headers: {
          'x-internal-token': `${env.internalToken}x`,
          'x-website-id': 'w',
          'x-key-id': 'k',
          'x-key-scope': 'admin',
        },
      })
      expect(response.status).toBe(401)
    },
  )
})
