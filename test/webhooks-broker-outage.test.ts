import process from 'node:process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack } from '@cms/stack'
import type { Stack } from '@cms/stack'
import { jsonClient } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'

// A stack of its own: this test stops RabbitMQ.
let stack: Stack
let receiver: Receiver
let api: ApiCall
beforeAll(async () => {
  stack = await startStack({
    name: `webhooks-outage-${Date.now()}-${process.pid}`,
    ephemeral: true,
    // Servers of its own even though the shared ones are in the environment.
    backendEnv: {},
    env: { webhook: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
  })
  const admin = jsonClient(stack.services.gatewayUrl, {
    authorization: `Bearer ${stack.services.adminToken}`,
  })
  const website = await admin('POST', '/admin/api/websites', { body: { name: 'outage' } })
  const key = await admin('POST', `/admin/api/websites/${website.body.id}/keys`, {
    body: { name: 'admin', scope: 'admin' },
  })
  api = jsonClient(stack.services.gatewayUrl, { 'x-api-key': key.body.key })
  const type = await api('POST', '/api/content-types', {
    body: { name: 'article', titleField: 'title', fields: [{ name: 'title', type: 'text' }] },
  })
  expect(type.status).toBe(201)
  receiver = await startReceiver()
}, 240_000)
afterAll(async () => {
  await receiver?.close()
  await stack?.stop()
})

describe('webhooks across a broker outage', () => {
  it('webhooks: nothing acknowledged is lost — when RabbitMQ is down during five writes, then all five answer 2xx and are delivered once it is back', async () => {
    const webhook = await api('POST', '/api/webhooks', {
      body: { url: receiver.url, events: ['entry.create'] },
    })
    expect(webhook.status).toBe(201)
    const warmUp = await api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'before' } },
    })
    expect(warmUp.status).toBe(201)
    await receiver.waitForRequests(1, 20_000)

    await stack.backends.amqp.control!.stop()
    const written: string[] = []
    for (let i = 0; i < 5; i++) {
      const created = await api('POST', '/api/content', {
        body: { type: 'article', data: { title: `during ${i}` } },
      })
      expect(created.status).toBe(201)
      written.push(created.body.id)
    }
    await stack.backends.amqp.control!.start()

    const requests = await receiver.waitForRequests(6, 90_000)
    const delivered = requests.slice(1).map((request) => request.json().document.id)
    expect(delivered.sort()).toEqual([...written].sort())
  }, 150_000)
})
