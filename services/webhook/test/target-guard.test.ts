import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import { entryEvent, publishEvents } from './support/events.ts'
import { startIsolatedService } from './support/isolated-service.ts'
import type { IsolatedService } from './support/isolated-service.ts'
import { startReceiver } from './support/receiver.ts'

let guarded: IsolatedService
beforeAll(async () => {
  guarded = await startIsolatedService({
    WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
    WEBHOOK_RETRY_DELAYS_MS: [100, 100, 100],
  })
})
afterAll(async () => {
  await guarded?.stop()
})

const PRIVATE_TARGETS = [
  'http://127.0.0.1:8080/hook',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.5/hook',
  'http://172.16.0.1/hook',
  'http://192.168.1.20/hook',
  'http://100.64.0.1/hook',
  'http://0.0.0.0/hook',
  'http://[::1]/hook',
  'http://[fd00::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://localhost:3000/hook',
]

describe('the private-address guard (on)', () => {
  it.each(PRIVATE_TARGETS)(
    'when a webhook is created for %s, then it is refused with 422 naming the url',
    async (url) => {
      const { api } = guarded.client()
      const response = await api('POST', '/api/webhooks', { body: { url } })
      expect(response.status).toBe(422)
      expect(response.body.error.code).toBe('VALIDATION_ERROR')
      expect(response.body.error.details).toEqual([
        { path: 'url', message: expect.stringMatching(/not allowed|does not resolve/) },
      ])
    },
  )

  it('when a webhook is patched to a private target, then it is refused and keeps its url', async () => {
    const { api } = guarded.client()
    const created = await api('POST', '/api/webhooks', {
      body: { url: 'https://93.184.215.14/hook' },
    })
    expect(created.status).toBe(201)
    for (const url of ['http://169.254.169.254/', 'http://localhost/']) {
      const patched = await api('PATCH', `/api/webhooks/${created.body.id}`, { body: { url } })
      expect(patched.status).toBe(422)
    }
    expect((await api('GET', `/api/webhooks/${created.body.id}`)).body.url).toBe(
      'https://93.184.215.14/hook',
    )
  })

  it('when a stored target has become private, then delivery refuses it at send time and nothing arrives', async () => {
    const receiver = await startReceiver()
    try {
      const { api, caller } = guarded.client()
      const created = await api('POST', '/api/webhooks', {
        body: { url: 'https://93.184.215.14/hook' },
      })
      // As if its DNS name now pointed inside: the stored url leads to a loopback receiver.
      const mongo = new MongoClient(guarded.config.MONGO_URL)
      await mongo
        .db(guarded.config.MONGO_DB)
        .collection('webhooks')
        .updateOne({ _id: created.body.id }, { $set: { url: receiver.url } })
      await mongo.close()
      await publishEvents(entryEvent(caller.websiteId, 'entry.create'))
      const entry = await waitFor(async () => {
        const log = await api('GET', `/api/webhooks/${created.body.id}/deliveries`)
        return log.body.docs[0]?.status === 'failed' ? log.body.docs[0] : undefined
      })
      expect(entry).toMatchObject({
        attempts: 4,
        lastStatusCode: null,
        lastError: expect.stringMatching(/target refused/),
      })
      expect(receiver.requests).toHaveLength(0)
    } finally {
      await receiver.close()
    }
  })
})
