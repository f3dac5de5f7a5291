import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { launchWebhookGateway } from './webhooks-stack.ts'
import type { WebhookGateway } from './webhooks-stack.ts'

let stack: WebhookGateway
let receiver: Receiver
beforeAll(async () => {
  receiver = await startReceiver()
  stack = await launchWebhookGateway({
    allowPrivateTargets: true,
    webhookEnv: { WEBHOOK_LOG_DAYS: '30', WEBHOOK_LOG_SWEEP_MS: '300' },
  })
}, 120_000)
afterAll(async () => {
  await stack?.stop()
  await receiver?.close()
})

async function settled(api: ApiCall, hookId: string, count: number): Promise<string[]> {
  return waitFor(
    async () => {
      const log = await api('GET', `/api/webhooks/${hookId}/deliveries?limit=100`)
      const docs = log.body.docs as Array<{ id: string; status: string }>
      return docs.length === count && docs.every((d) => d.status === 'succeeded')
        ? docs.map((d) => d.id)
        : undefined
    },
    { timeoutMs: 30_000, what: `${count} deliveries to succeed` },
  )
}

describe('webhook delivery retention', () => {
  it('lifecycle: delivery records expire — when deliveries are older than WEBHOOK_LOG_DAYS, then a sweep removes them with their attempts and stored bodies, keeps the newer ones, and keeps a body a newer redelivery still uses', async () => {
    const { api } = await stack.website()
    const hook = await api('POST', '/api/webhooks', { body: { url: receiver.url } })
    expect(hook.status).toBe(201)
    const pings: string[] = []
    for (let i = 0; i < 3; i++) {
      const ping = await api('POST', `/api/webhooks/${hook.body.id}/test`)
      expect(ping.status).toBe(202)
      pings.push(ping.body.id)
    }
    await settled(api, hook.body.id, 3)
    const [oldRedelivered, old, recent] = pings as [string, string, string]
    const redelivery = await api(
      'POST',
      `/api/webhooks/${hook.body.id}/deliveries/${oldRedelivered}/redeliver`,
    )
    expect(redelivery.status).toBe(202)
    await settled(api, hook.body.id, 4)

    const mongo = new MongoClient(testEnv().mongoUrl)
    try {
      const db = mongo.db(stack.webhookDb)
      const deliveries = db.collection<{ _id: string; payloadId: string }>('deliveries')
      const payloadOf = async (id: string) => (await deliveries.findOne({ _id: id }))!.payloadId
      const payloads = {
        oldRedelivered: await payloadOf(oldRedelivered),
        old: await payloadOf(old),
        recent: await payloadOf(recent),
      }
      expect(await payloadOf(redelivery.body.id)).toBe(payloads.oldRedelivered)
      const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString()
      await deliveries.updateMany(
        { _id: { $in: [oldRedelivered, old] } },
        { $set: { createdAt: longAgo } },
      )
      await db
        .collection<{ _id: string }>('payloads')
        .updateMany(
          { _id: { $in: [payloads.oldRedelivered, payloads.old] } },
          { $set: { createdAt: longAgo } },
        )

      const kept = await waitFor(
        async () => {
          const log = await api('GET', `/api/webhooks/${hook.body.id}/deliveries?limit=100`)
          // The page and its count are two reads; the sweep can run between them.
          const ids = log.body.docs.map((d: { id: string }) => d.id) as string[]
          return log.body.totalDocs === 2 && ids.length === 2 ? ids : undefined
        },
        { timeoutMs: 15_000, what: 'the old deliveries to be swept' },
      )
      expect(kept.sort()).toEqual([recent, redelivery.body.id].sort())
      const attempts = db.collection('attempts')
      expect(await attempts.countDocuments({ deliveryId: { $in: [oldRedelivered, old] } })).toBe(0)
      expect(
        await attempts.countDocuments({ deliveryId: { $in: [recent, redelivery.body.id] } }),
      ).toBe(2)
      const stored = await db
        .collection('payloads')
        .find({ _id: { $in: Object.values(payloads) as never[] } })
        .toArray()
      expect(stored.map((payload) => payload._id).sort()).toEqual(
        [payloads.oldRedelivered, payloads.recent].sort(),
      )
      const gone = await api('GET', `/api/webhooks/${hook.body.id}/deliveries/${old}`)
      expect(gone.status).toBe(404)
    } finally {
      await mongo.close()
    }
  }, 90_000)
})
