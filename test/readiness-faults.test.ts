import process from 'node:process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack } from '@cms/stack'
import type { ServiceName, Stack } from '@cms/stack'
import { waitFor } from '@cms/testkit'

let stack: Stack

async function readiness(service: ServiceName): Promise<number> {
  try {
    const response = await fetch(`${stack.services.urls[service]}/readyz`, {
      signal: AbortSignal.timeout(3000),
    })
    await response.body?.cancel()
    return response.status
  } catch {
    return 0
  }
}

async function readinessBody(
  service: ServiceName,
): Promise<{ status: number; body: { status?: string } }> {
  try {
    const response = await fetch(`${stack.services.urls[service]}/readyz`, {
      signal: AbortSignal.timeout(3000),
    })
    return { status: response.status, body: (await response.json()) as { status?: string } }
  } catch {
    return { status: 0, body: {} }
  }
}

const untilStatus = (services: ServiceName[], status: number, what: string) =>
  waitFor(
    async () =>
      (await Promise.all(services.map(readiness))).every((s) => s === status) ? true : undefined,
    { timeoutMs: 30_000, intervalMs: 250, what },
  )

describe('readiness follows the backing servers', () => {
  beforeAll(async () => {
    // A stack of its own: this test stops servers that the shared one needs.
    stack = await startStack({
      name: `readiness-${Date.now()}-${process.pid}`,
      ephemeral: true,
      backendEnv: {},
    })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  const mongoUsers: ServiceName[] = [
    'gateway',
    'content-read',
    'content-write',
    'schema',
    'webhook',
  ]
  const brokerConsumers: ServiceName[] = ['webhook']
  const brokerPublishers: ServiceName[] = ['content-write', 'schema']

  it('when MongoDB stops, then every service reports not ready, and ready again once it is back', async () => {
    await untilStatus(mongoUsers, 200, 'all ready at start')
    await stack.backends.mongo.control!.stop()
    await untilStatus(mongoUsers, 503, 'not ready without MongoDB')
    for (const service of mongoUsers) {
      const health = await fetch(`${stack.services.urls[service]}/healthz`)
      expect(health.status, `${service} stays alive`).toBe(200)
    }
    await stack.backends.mongo.control!.start()
    await untilStatus(mongoUsers, 200, 'ready again with MongoDB')
  })

  it('when RabbitMQ stops, then the webhook consumer reports not ready and the publishers degraded, and all recover', async () => {
    await untilStatus([...brokerConsumers, ...brokerPublishers], 200, 'all ready at start')
    await stack.backends.amqp.control!.stop()
    await untilStatus(brokerConsumers, 503, 'webhook not ready without RabbitMQ')
    await waitFor(
      async () => {
        const states = await Promise.all(brokerPublishers.map(readinessBody))
        return states.every((s) => s.status === 200 && s.body.status === 'degraded')
          ? true
          : undefined
      },
      {
        timeoutMs: 30_000,
        intervalMs: 250,
        what: 'publishers degraded but ready (they keep an outbox)',
      },
    )
    await stack.backends.amqp.control!.start()
    await untilStatus(brokerConsumers, 200, 'webhook ready again with RabbitMQ')
    await waitFor(
      async () => {
        const states = await Promise.all(brokerPublishers.map(readinessBody))
        return states.every((s) => s.status === 200 && s.body.status === 'ready') ? true : undefined
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'publishers fully ready again' },
    )
  }, 120_000)
})
