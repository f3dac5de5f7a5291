import { PassThrough } from 'node:stream'
import { pino } from 'pino'
import { BUILT_IN_ROLES } from '@cms/contract'
import { describe, expect, it } from 'vitest'
import { createHttpService } from './http-service.ts'

/** A service whose log lines land in an array, on a free port. */
async function serviceLogging(middleware: Parameters<typeof createHttpService>[0]['middleware']) {
  const lines: Array<Record<string, unknown>> = []
  const stream = new PassThrough()
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>)
  })
  const logger = pino({ level: 'info' }, stream)
  const service = createHttpService({ name: 'unit', logger, middleware, checks: {} })
  const { url } = await service.listen({ port: 0, host: '127.0.0.1' })
  return { url, lines, close: () => service.close() }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('access log', () => {
  it('when a request is answered, then one line names it without its headers or body', async () => {
    const service = await serviceLogging([
      async (ctx, next) => {
        ctx.state.caller = {
          websiteId: 'w1',
          keyId: 'k1',
          permissions: BUILT_IN_ROLES.owner,
          keyPrefix: 'cms_abcd1234',
        }
        ;(ctx as { _matchedRoute?: string })._matchedRoute = '/api/things/:id'
        ctx.status = 201
        ctx.body = { secret: 'in the body' }
        await next()
      },
    ])
    try {
      await fetch(`${service.url}/api/things/42?q=1`, {
        method: 'POST',
        headers: {
          'x-api-key': 'cms_abcd1234-the-whole-secret-key',
          'x-request-id': 'req-1',
          traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        },
        body: 'a body',
      })
      await settle()
      const access = service.lines.filter((line) => line.msg === 'request')
      expect(access).toHaveLength(1)
      expect(access[0]).toMatchObject({
        level: 30,
        requestId: 'req-1',
        traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
        method: 'POST',
        route: '/api/things/:id',
        path: '/api/things/42',
        status: 201,
        websiteId: 'w1',
        keyPrefix: 'cms_abcd1234',
      })
      expect(access[0]!.durationMs).toEqual(expect.any(Number))
      const text = JSON.stringify(service.lines)
      expect(text).not.toContain('the-whole-secret-key')
      expect(text).not.toContain('in the body')
      expect(text).not.toContain('a body')
    } finally {
      await service.close()
    }
  })

  it('when a probe or a failure is answered, then the probe is at debug and the failure at error', async () => {
    const service = await serviceLogging([
      async (ctx) => {
        if (ctx.path === '/boom') throw new Error('boom')
      },
    ])
    try {
      await fetch(`${service.url}/healthz`)
      await fetch(`${service.url}/boom`)
      await settle()
      const access = service.lines.filter((line) => line.msg === 'request')
      expect(access.map((line) => [line.path, line.status, line.level])).toEqual([
        ['/boom', 500, 50],
      ])
      expect(access[0]!.traceId).toMatch(/^[0-9a-f]{32}$/)
      // The error handler's line carries the same trace (the logger's mixin is not set here).
      expect(service.lines.some((line) => line.msg === 'request failed')).toBe(true)
    } finally {
      await service.close()
    }
  })

  it('when metrics are asked for, then the service port has none and the metrics port has them', async () => {
    const logger = pino({ level: 'silent' })
    const service = createHttpService({ name: 'unit', logger, middleware: [], checks: {} })
    const { url, metricsUrl } = await service.listen({ port: 0, host: '127.0.0.1', metricsPort: 0 })
    try {
      expect((await fetch(`${url}/metrics`)).status).toBe(404)
      const metrics = await fetch(`${metricsUrl}/metrics`)
      expect(metrics.status).toBe(200)
      expect(await metrics.text()).toContain('http_request_duration_seconds')
      expect((await fetch(`${metricsUrl}/healthz`)).status).toBe(404)
    } finally {
      await service.close()
    }
  })
})
