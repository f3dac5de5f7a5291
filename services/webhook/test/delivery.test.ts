import { randomBytes } from 'node:crypto'
import { Webhook as StandardWebhook } from 'standardwebhooks'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENTRY_EVENTS } from '@cms/events'
import type { EntryEventMessage } from '@cms/events'
import { waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { deliveryIdFor } from '../src/domain/delivery-id.ts'
import { entryEvent, publishEvents } from './support/events.ts'
import { startIsolatedService } from './support/isolated-service.ts'
import type { IsolatedService } from './support/isolated-service.ts'
import { startReceiver, verifyBodySignature } from './support/receiver.ts'
import type { Receiver } from './support/receiver.ts'

let service: IsolatedService
const receivers: Receiver[] = []
beforeAll(async () => {
  service = await startIsolatedService()
})
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()))
  await service?.stop()
})

async function receiver(): Promise<Receiver> {
  const started = await startReceiver()
  receivers.push(started)
  return started
}

/** Jobs this instance has parked so far (`webhook_jobs_parked_total`). */
async function parkedJobs(): Promise<number> {
  const metrics = await (await fetch(`${service.metricsUrl}/metrics`)).text()
  return Number(/^webhook_jobs_parked_total(?:\{[^}]*\})? (\d+)/m.exec(metrics)?.[1] ?? 0)
}

async function subscribe(api: ApiCall, body: Record<string, unknown>): Promise<string> {
  const created = await api('POST', '/api/webhooks', { body })
  expect(created.status).toBe(201)
  return created.body.id
}

const payloadOf = (message: EntryEventMessage) => ({
  event: message.event,
  timestamp: message.timestamp,
  contentType: message.contentType,
  websiteId: message.websiteId,
  document: message.document,
})

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500))

describe('delivering entry events', () => {
  it('when each of the five events happens, then a subscribed webhook receives it with the spec payload and headers', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    await subscribe(api, { url: `${target.url}/hook` })
    const messages = ENTRY_EVENTS.map((event) => entryEvent(caller.websiteId, event))
    await publishEvents(...messages)
    const received = await target.waitForRequests(5)
    for (const message of messages) {
      const request = received.find((r) => r.json().event === message.event)!
      expect(request.method).toBe('POST')
      expect(request.path).toBe('/hook')
      expect(request.json()).toEqual(payloadOf(message))
      expect(request.headers['content-type']).toBe('application/json')
      expect(request.headers['user-agent']).toMatch(/cms-webhooks/)
      expect(request.headers['x-webhook-event']).toBe(message.event)
      expect(request.headers['x-webhook-id']).toMatch(/^[0-9a-f-]{36}$/)
      expect(
        Math.abs(Number(request.headers['x-webhook-timestamp']) - Date.now() / 1000),
      ).toBeLessThan(30)
      expect(request.headers['x-webhook-signature']).toBeUndefined()
      expect(request.headers['webhook-signature']).toBeUndefined()
    }
    expect(new Set(received.map((r) => r.headers['x-webhook-id'])).size).toBe(5)
  })

  it('when webhooks are restricted by events or content types, then each receives only what matches', async () => {
    const { api, caller } = service.client()
    const byEvent = await receiver()
    const byType = await receiver()
    const everything = await receiver()
    await subscribe(api, { url: byEvent.url, events: ['entry.publish', 'entry.unpublish'] })
    await subscribe(api, { url: byType.url, contentTypes: ['page'] })
    await subscribe(api, { url: everything.url })
    const messages = [
      entryEvent(caller.websiteId, 'entry.create'),
      entryEvent(caller.websiteId, 'entry.publish'),
      entryEvent(caller.websiteId, 'entry.update', { contentType: 'page' }),
      entryEvent(caller.websiteId, 'entry.delete'),
      entryEvent(caller.websiteId, 'entry.unpublish', { contentType: 'page' }),
    ]
    await publishEvents(...messages)
    await everything.waitForRequests(5)
    await settle()
    const events = (target: Receiver) =>
      target.requests.map((r) => `${r.json().event}/${r.json().contentType}`).sort()
    expect(events(byEvent)).toEqual(['entry.publish/article', 'entry.unpublish/page'])
    expect(events(byType)).toEqual(['entry.unpublish/page', 'entry.update/page'])
    expect(everything.requests).toHaveLength(5)
  })

  it('when a webhook has a secret, then the receiver verifies the signature over the raw body and a wrong secret fails', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    const secret = 'a shared secret, ünïcode too'
    await subscribe(api, { url: target.url, secret })
    await publishEvents(entryEvent(caller.websiteId, 'entry.create'))
    const [request] = await target.waitForRequests(1)
    const signature = request!.headers['x-webhook-signature']
    expect(signature).toMatch(/^[0-9a-f]{64}$/)
    expect(verifyBodySignature(request!.rawBody, signature, secret)).toBe(true)
    expect(verifyBodySignature(request!.rawBody, signature, 'wrong secret')).toBe(false)
    expect(
      verifyBodySignature(Buffer.concat([request!.rawBody, Buffer.from(' ')]), signature, secret),
    ).toBe(false)
    const standard = new StandardWebhook(Buffer.from(secret, 'utf8'), { format: 'raw' })
    expect(
      standard.verify(
        request!.rawBody.toString('utf8'),
        request!.headers as Record<string, string>,
      ),
    ).toEqual(request!.json())
    expect(request!.headers['webhook-id']).toBe(request!.headers['x-webhook-id'])
  })

  it('when the secret is a whsec_ secret, then the standardwebhooks library verifies with it as is', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    const secret = `whsec_${randomBytes(32).toString('base64')}`
    await subscribe(api, { url: target.url, secret })
    await publishEvents(entryEvent(caller.websiteId, 'entry.publish'))
    const [request] = await target.waitForRequests(1)
    const headers = request!.headers as Record<string, string>
    expect(new StandardWebhook(secret).verify(request!.rawBody.toString('utf8'), headers)).toEqual(
      request!.json(),
    )
    const wrong = new StandardWebhook(`whsec_${randomBytes(32).toString('base64')}`)
    expect(() => wrong.verify(request!.rawBody.toString('utf8'), headers)).toThrow()
  })

  it('when the same event message arrives twice, then there is still one delivery', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    const id = await subscribe(api, { url: target.url })
    const message = entryEvent(caller.websiteId, 'entry.update')
    await publishEvents(message)
    await target.waitForRequests(1)
    await publishEvents(message)
    await settle()
    expect(target.requests).toHaveLength(1)
    const log = await api('GET', `/api/webhooks/${id}/deliveries`)
    expect(log.body.totalDocs).toBe(1)
  })

  it('when an event comes back after one of its deliveries was stored but never queued, then each delivery is made once', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    const other = await receiver()
    const webhookId = await subscribe(api, { url: target.url })
    await subscribe(api, { url: other.url })
    const message = entryEvent(caller.websiteId, 'entry.create')
    // What a crash between storing the delivery and queueing its job leaves behind.
    const mongo = new MongoClient(service.config.MONGO_URL)
    try {
      await mongo
        .db(service.config.MONGO_DB)
        .collection<Record<string, unknown> & { _id: string }>('deliveries')
        .insertOne({
          _id: deliveryIdFor(message.eventId, webhookId),
          webhookId,
          websiteId: caller.websiteId,
          eventId: message.eventId,
          payloadId: message.eventId,
          event: message.event,
          documentId: message.document.id,
          status: 'pending',
          attempts: 0,
          lastStatusCode: null,
          lastError: null,
          nextAttemptAt: message.timestamp,
          redeliveryOf: null,
          createdAt: message.timestamp,
          updatedAt: message.timestamp,
        })
    } finally {
      await mongo.close()
    }
    await publishEvents(message)
    const [request] = await target.waitForRequests(1)
    expect(request!.headers['x-webhook-id']).toBe(deliveryIdFor(message.eventId, webhookId))
    expect(request!.json()).toEqual(payloadOf(message))
    await other.waitForRequests(1)
    await settle()
    expect(target.requests).toHaveLength(1)
    expect(other.requests).toHaveLength(1)
  })

  it('when many deliveries to one target succeed at once, then every log entry says succeeded after one attempt', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    const id = await subscribe(api, { url: target.url })
    const messages = Array.from({ length: 40 }, () => entryEvent(caller.websiteId, 'entry.update'))
    await publishEvents(...messages)
    await target.waitForRequests(40, 30_000)
    const log = await waitFor(
      async () => {
        const response = await api('GET', `/api/webhooks/${id}/deliveries?limit=100`)
        return response.body.docs.every((d: { status: string }) => d.status === 'succeeded')
          ? response.body
          : undefined
      },
      { what: 'every delivery to be logged as succeeded' },
    )
    expect(log.totalDocs).toBe(40)
    expect(log.docs.map((d: { attempts: number }) => d.attempts)).toEqual(Array(40).fill(1))
    expect(target.requests).toHaveLength(40)
  })

  it('when deliveries are made, then the log lists them newest first with the contract fields', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    const id = await subscribe(api, { url: target.url })
    const first = entryEvent(caller.websiteId, 'entry.create')
    await publishEvents(first)
    await target.waitForRequests(1)
    const second = entryEvent(caller.websiteId, 'entry.delete')
    await publishEvents(second)
    await target.waitForRequests(2)
    const log = await waitFor(async () => {
      const response = await api('GET', `/api/webhooks/${id}/deliveries?limit=1`)
      return response.body.docs.every((d: { status: string }) => d.status === 'succeeded')
        ? response
        : undefined
    })
    expect(log.status).toBe(200)
    expect(log.body).toMatchObject({
      totalDocs: 2,
      limit: 1,
      page: 1,
      totalPages: 2,
      hasNextPage: true,
      nextPage: 2,
    })
    expect(log.body.docs[0]).toEqual({
      id: target.requests[1]!.headers['x-webhook-id'],
      event: 'entry.delete',
      documentId: second.document.id,
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    const page2 = await api('GET', `/api/webhooks/${id}/deliveries?page=2&limit=1`)
    expect(page2.body.docs[0]).toMatchObject({
      event: 'entry.create',
      documentId: first.document.id,
    })
    const detail = await api('GET', `/api/webhooks/${id}/deliveries/${log.body.docs[0].id}`)
    expect(detail.body.attemptLog).toEqual([
      {
        attempt: 1,
        startedAt: expect.any(String),
        durationMs: expect.any(Number),
        statusCode: 200,
        error: null,
        succeeded: true,
      },
    ])
  })

  it('when a delivery is redelivered, then 202 and the same body arrives again as a new delivery', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    const id = await subscribe(api, { url: target.url, secret: 'redeliver-secret' })
    await publishEvents(entryEvent(caller.websiteId, 'entry.create'))
    const [original] = await target.waitForRequests(1)
    const deliveryId = original!.headers['x-webhook-id'] as string
    const response = await api('POST', `/api/webhooks/${id}/deliveries/${deliveryId}/redeliver`)
    expect(response.status).toBe(202)
    expect(response.body).toMatchObject({ event: 'entry.create', status: 'pending', attempts: 0 })
    const [, again] = await target.waitForRequests(2)
    expect(again!.rawBody.equals(original!.rawBody)).toBe(true)
    expect(again!.headers['x-webhook-id']).toBe(response.body.id)
    expect(
      verifyBodySignature(
        again!.rawBody,
        again!.headers['x-webhook-signature'],
        'redeliver-secret',
      ),
    ).toBe(true)
    const missing = await api(
      'POST',
      `/api/webhooks/${id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`,
    )
    expect(missing.status).toBe(404)
  })

  it('when a webhook is tested, then a signed webhook.ping arrives and is logged', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    const id = await subscribe(api, { url: target.url, name: 'Pinged', secret: 'ping-secret' })
    const response = await api('POST', `/api/webhooks/${id}/test`)
    expect(response.status).toBe(202)
    const [ping] = await target.waitForRequests(1)
    expect(ping!.headers['x-webhook-event']).toBe('webhook.ping')
    expect(ping!.headers['x-webhook-id']).toBe(response.body.id)
    expect(
      verifyBodySignature(ping!.rawBody, ping!.headers['x-webhook-signature'], 'ping-secret'),
    ).toBe(true)
    expect(ping!.json()).toMatchObject({
      event: 'webhook.ping',
      contentType: null,
      websiteId: caller.websiteId,
      document: null,
      webhook: { id, name: 'Pinged' },
    })
    const entry = await waitFor(async () => {
      const log = await api('GET', `/api/webhooks/${id}/deliveries`)
      return log.body.docs[0]?.status === 'succeeded' ? log.body.docs[0] : undefined
    })
    expect(entry).toMatchObject({ event: 'webhook.ping', documentId: null, attempts: 1 })
  })

  it('when a webhook is deleted, then its delivery log goes with it', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    const id = await subscribe(api, { url: target.url })
    await publishEvents(entryEvent(caller.websiteId, 'entry.create'))
    await target.waitForRequests(1)
    expect((await api('DELETE', `/api/webhooks/${id}`)).status).toBe(204)
    expect((await api('GET', `/api/webhooks/${id}/deliveries`)).status).toBe(404)
  })

  it('when one website sends a burst to healthy endpoints, then no job is parked: the share paces only slow websites', async () => {
    const { api, caller } = service.client()
    const target = await receiver()
    for (let hook = 0; hook < 5; hook++) await subscribe(api, { url: `${target.url}/${hook}` })
    const parkedBefore = await parkedJobs()
    const messages = Array.from({ length: 60 }, () => entryEvent(caller.websiteId, 'entry.update'))
    await publishEvents(...messages)
    await target.waitForRequests(300, 60_000)
    expect(await parkedJobs()).toBe(parkedBefore)
  })

  it('when attempts were made, then /metrics counts them', async () => {
    const metrics = await (await fetch(`${service.metricsUrl}/metrics`)).text()
    expect(metrics).toMatch(/webhook_attempts_total\{[^}]*result="succeeded"[^}]*\} [1-9]/)
    expect(metrics).toContain('webhook_attempt_duration_seconds_bucket')
  })
})
