import process from 'node:process'
import { join } from 'node:path'
import { connect } from 'amqplib'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, managedProcess, REPO_ROOT, startableServiceCommand } from '@cms/stack'
import type { ManagedProcess } from '@cms/stack'
import { testEnv, waitFor } from '@cms/testkit'
import { queueNames } from '../src/messaging/topology.ts'
import { entryEvent, publishEvents } from './support/events.ts'
import { isolatedConfig, removeIsolatedState } from './support/isolated-service.ts'
import { webhookApi } from './support/clients.ts'
import { startReceiver } from './support/receiver.ts'
import type { Receiver } from './support/receiver.ts'

let service: ManagedProcess | undefined
let receiver: Receiver | undefined
const config = isolatedConfig()
afterAll(async () => {
  await receiver?.close()
  await service?.stop(5000)
  await removeIsolatedState(config)
})

async function retryQueueDepth(delayMs: number): Promise<number> {
  const connection = await connect(testEnv().amqpUrl)
  try {
    const channel = await connection.createChannel()
    return (await channel.checkQueue(queueNames(config.WEBHOOK_QUEUE_PREFIX).retry(delayMs)))
      .messageCount
  } finally {
    await connection.close()
  }
}

describe('a webhook service killed in the middle of a retry', () => {
  it('when the process is killed while a retry waits in the broker, then the delivery still completes after a restart', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const { command, args } = await startableServiceCommand('webhook', 'node')
    service = managedProcess({
      name: 'webhook-restart-test',
      command,
      args,
      cwd: REPO_ROOT,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        MONGO_URL: config.MONGO_URL,
        MONGO_DB: config.MONGO_DB,
        AMQP_URL: config.AMQP_URL,
        INTERNAL_TOKEN: config.INTERNAL_TOKEN,
        WEBHOOK_QUEUE_PREFIX: config.WEBHOOK_QUEUE_PREFIX,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      },
      logFile: join(
        process.env.CMS_TEST_DATA_DIR ?? join(REPO_ROOT, '.data'),
        'logs',
        `webhook-restart-${port}.log`,
      ),
      isReady: async () => (await fetch(`${url}/readyz`)).ok,
      readyTimeoutMs: 60_000,
    })
    await service.start()

    receiver = await startReceiver((index) => (index < 2 ? 500 : 200))
    const { api, caller } = webhookApi(url)
    const created = await api('POST', '/api/webhooks', { body: { url: receiver.url } })
    expect(created.status).toBe(201)
    await publishEvents(entryEvent(caller.websiteId, 'entry.publish'))

    // Attempt 2 fails; its retry (5 s) is handed to the broker, then the process dies hard.
    await receiver.waitForRequests(2)
    await waitFor(async () => ((await retryQueueDepth(5000)) === 1 ? true : undefined), {
      timeoutMs: 3000,
    })
    await service.kill()
    expect(service.isRunning()).toBe(false)
    expect(await retryQueueDepth(5000)).toBe(1)

    await service.start()
    const requests = await receiver.waitForRequests(3, 20_000)
    expect(new Set(requests.map((request) => request.headers['x-webhook-id'])).size).toBe(1)
    const entry = await waitFor(async () => {
      const log = await api('GET', `/api/webhooks/${created.body.id}/deliveries`)
      return log.body.docs[0]?.status === 'succeeded' ? log.body.docs[0] : undefined
    })
    expect(entry).toMatchObject({ attempts: 3, lastStatusCode: 200 })
  }, 90_000)
})
