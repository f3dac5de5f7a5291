import { connect } from 'amqplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import { queueNames } from '../services/webhook/src/messaging/topology.ts'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { launchWebhookGateway } from './webhooks-stack.ts'
import type { WebhookGateway } from './webhooks-stack.ts'

let stack: WebhookGateway
let receiver: Receiver
beforeAll(async () => {
  stack = await launchWebhookGateway({ allowPrivateTargets: true })
  receiver = await startReceiver((index) => (index < 2 ? 500 : 200))
}, 180_000)
afterAll(async () => {
  await receiver?.close()
  await stack?.stop()
})

async function waitingRetries(delayMs: number): Promise<number> {
  const connection = await connect(testEnv().amqpUrl)
  try {
    const channel = await connection.createChannel()
    return (await channel.checkQueue(queueNames(stack.queuePrefix).retry(delayMs))).messageCount
  } finally {
    await connection.close()
  }
}

describe('the webhook service killed mid-retry (end to end)', () => {
  it('webhooks: one id per delivery, kept on retries — when the webhook process is killed while a retry waits, then after a restart the delivery completes with the same id', async () => {
    const { api } = await stack.website()
    const webhook = await api('POST', '/api/webhooks', { body: { url: receiver.url } })
    expect(webhook.status).toBe(201)
    const created = await api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'Survives a crash' } },
    })
    expect(created.status).toBe(201)

    await receiver.waitForRequests(2, 20_000)
    await waitFor(async () => ((await waitingRetries(5000)) === 1 ? true : undefined), {
      timeoutMs: 3000,
    })
    const webhookProcess = stack.services.processes.webhook
    await webhookProcess.kill()
    expect(webhookProcess.isRunning()).toBe(false)
    expect(await waitingRetries(5000)).toBe(1)

    await webhookProcess.start()
    const requests = await receiver.waitForRequests(3, 30_000)
    expect(new Set(requests.map((r) => r.headers['x-webhook-id'])).size).toBe(1)
    expect(requests[2]!.json()).toMatchObject({
      event: 'entry.create',
      document: { id: created.body.id },
    })
    const entry = await waitFor(async () => {
      const log = await api('GET', `/api/webhooks/${webhook.body.id}/deliveries`)
      return log.body.docs?.[0]?.status === 'succeeded' ? log.body.docs[0] : undefined
    })
    expect(entry).toMatchObject({ attempts: 3, lastStatusCode: 200, documentId: created.body.id })
  }, 90_000)
})
