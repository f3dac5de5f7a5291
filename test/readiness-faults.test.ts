import process from 'node:process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack } from '@cms/stack'
import type { ServiceName, Stack } from '@cms/stack'
import { waitFor } from '@cms/testkit'

let stack: Stack

async function readiness(service: ServiceName): Promise<number> {
  try {
    const response = await fetch(`${stack.services.urls[service]}/readyz`, { signal: AbortSignal.timeout(3000) })
    await response.body?.cancel()
    return response.status
  } catch {
    return 0
  }
}

const untilStatus = (services: ServiceName[], status: number, what: string) =>
  waitFor(
    async () => ((await Promise.all(services.map(readiness))).every((s) => s === status) ? true : undefined),
    { timeoutMs: 30_000, intervalMs: 250, what },
  )

describe('readiness follows the backing servers', () => {
  beforeAll(async () => {
    // A stack of its own: this test stops servers that the shared one needs.
    stack = await startStack({ name: `readiness-${Date.now()}-${process.pid}`, ephemeral: true, backendEnv: {} })
  })
  afterAll(async () => {
    await stack?.stop()
  })

  const mongoUsers: ServiceName[] = ['gateway', 'content-read', 'content-write', 'schema', 'webhook']
  const brokerUsers: ServiceName[] = ['content-write', 'schema', 'webhook']

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

  it('when RabbitMQ stops, then the services that publish or consume report not ready, and recover', async () => {
    await untilStatus(brokerUsers, 200, 'all ready at start')
    await stack.backends.amqp.control!.stop()
    await untilStatus(brokerUsers, 503, 'not ready without RabbitMQ')
    await stack.backends.amqp.control!.start()
    await untilStatus(brokerUsers, 200, 'ready again with RabbitMQ')
  }, 120_000)
})
