import { join } from 'node:path'
import process from 'node:process'
import { connect } from 'amqplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookEventsQueue } from '@cms/amqp'
import { launchServices, startStack } from '@cms/stack'
import type { Stack } from '@cms/stack'
import { internalClient, jsonClient, testEnv, waitFor } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { openChangeStream, opened } from './changes-kit.ts'
import { expectStatus } from './content-fixtures.ts'

/**
 * A stack of its own, started without the webhook service: its broker has never seen the
 * webhook service declare its events queue (docs/webhooks.md, "Queues").
 */
let stack: Stack
let receiver: Receiver

const quiet = { LOG_LEVEL: 'warn' }

beforeAll(async () => {
  receiver = await startReceiver()
  stack = await startStack({
    name: `webhooks-topology-${Date.now()}-${process.pid}`,
    ephemeral: true,
    // Servers of its own: the shared ones (in process.env) must keep serving other files.
    backendEnv: {},
    internalToken: testEnv().internalToken,
    only: ['schema', 'content-write', 'content-read', 'gateway'],
    env: {
      gateway: quiet,
      'content-write': quiet,
      'content-read': quiet,
      schema: quiet,
      webhook: { ...quiet, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
    },
  })
}, 240_000)
afterAll(async () => {
  await receiver?.close()
  await stack?.stop()
})

/**
 * Registers a webhook through a webhook service that lives only for that, under another queue
 * prefix: it shares the webhook database, never the events queue under test.
 */
async function registerWebhook(websiteId: string, url: string): Promise<void> {
  const setup = await launchServices({
    mongoUrl: stack.backends.mongo.url,
    redisUrl: stack.backends.redis.url,
    amqpUrl: stack.backends.amqp.url,
    dataDir: join(stack.dataDir, 'setup'),
    internalToken: testEnv().internalToken,
    only: ['webhook'],
    env: {
      webhook: { ...quiet, WEBHOOK_QUEUE_PREFIX: 'setup', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
    },
  })
  try {
    const webhooks = internalClient(setup.urls.webhook, { websiteId, scope: 'admin' })
    await expectStatus(webhooks('POST', '/api/webhooks', { body: { url } }), 201)
  } finally {
    await setup.stop()
  }
}

describe('the webhook events queue', () => {
  it('webhooks: events written before the webhook service first starts are delivered — when the content service relays entry events while a gateway listens and the webhook service has never run, then they wait in the webhook events queue and reach the endpoint once it starts', async () => {
    const gatewayUrl = stack.services.gatewayUrl
    const admin = jsonClient(gatewayUrl, { authorization: `Bearer ${stack.services.adminToken}` })
    const website = await expectStatus(
      admin('POST', '/admin/api/websites', { body: { name: 'topology' } }),
      201,
    )
    const websiteId = website.body.id as string
    const key = await expectStatus(
      admin('POST', `/admin/api/websites/${websiteId}/keys`, { body: { scope: 'admin' } }),
      201,
    )
    const api = jsonClient(gatewayUrl, { 'x-api-key': key.body.key })
    await expectStatus(
      api('POST', '/api/content-types', {
        body: { name: 'article', titleField: 'title', fields: [{ name: 'title', type: 'text' }] },
      }),
      201,
    )
    await registerWebhook(websiteId, `${receiver.url}/events`)

    // The gateway's own queue takes every entry event: once its stream has them, they are out.
    const stream = await opened(
      openChangeStream(key.body.key, { query: '?draft=true', gatewayUrl }),
    )
    const created = await expectStatus(
      api('POST', '/api/content', { body: { type: 'article', data: { title: 'Early' } } }),
      201,
    )
    const id = created.body.id as string
    await expectStatus(
      api('PATCH', `/api/content/${id}`, { body: { data: { title: 'Edit' } } }),
      200,
    )
    await expectStatus(api('POST', `/api/content/${id}/publish`), 200)
    await stream.waitForEvents(3)
    stream.close()

    // Quorum queues report their length a moment after the publish: wait for it.
    const connection = await connect(stack.backends.amqp.url)
    try {
      const waiting = await waitFor(async () => {
        const channel = await connection.createChannel()
        try {
          const queue = await channel.checkQueue(webhookEventsQueue('webhook').events)
          return queue.messageCount >= 3 ? queue.messageCount : undefined
        } finally {
          await channel.close().catch(() => undefined)
        }
      })
      expect(waiting).toBe(3)
    } finally {
      await connection.close().catch(() => undefined)
    }

    await stack.services.processes.webhook.start()
    const requests = await receiver.waitForRequests(3, 60_000)
    // Deliveries run side by side, so they may arrive in any order.
    expect(requests.map((request) => request.json().event).sort()).toEqual([
      'entry.create',
      'entry.publish',
      'entry.update',
    ])
    expect(requests.every((request) => request.json().document.id === id)).toBe(true)
  }, 240_000)
})
