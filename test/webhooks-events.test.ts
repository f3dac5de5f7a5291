import { randomBytes } from 'node:crypto'
import { Webhook as StandardWebhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENTRY_EVENTS } from '@cms/events'
import { waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { startReceiver, verifyBodySignature } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { contentSite, defineType, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

const receivers: Receiver[] = []
async function receiver(answer?: (index: number) => number): Promise<Receiver> {
  const started = await startReceiver(answer)
  receivers.push(started)
  return started
}
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
})

async function subscribe(api: ApiCall, body: Record<string, unknown>): Promise<any> {
  return (await expectStatus(api('POST', '/api/webhooks', { body }), 201)).body
}

/** Create, update, publish, unpublish, delete one article; the documents the API answered with. */
async function lifecycle(site: ContentSite) {
  const created = await site.createArticle({ title: 'Webhooks end to end' })
  const updated = (
    await expectStatus(
      site.api('PATCH', `/api/content/${created.id}`, { body: { data: { body: 'more' } } }),
      200,
    )
  ).body
  const published = (
    await expectStatus(site.api('POST', `/api/content/${created.id}/publish`), 200)
  ).body
  const unpublished = (
    await expectStatus(site.api('POST', `/api/content/${created.id}/unpublish`), 200)
  ).body
  await expectStatus(site.api('DELETE', `/api/content/${created.id}`), 204)
  return {
    'entry.create': created,
    'entry.update': updated,
    'entry.publish': published,
    'entry.unpublish': unpublished,
    'entry.delete': unpublished,
  } as Record<string, any>
}

describe('webhooks through the gateway', () => {
  let site: ContentSite
  beforeAll(async () => {
    site = await contentSite()
    await defineType(site.api, { name: 'page', fields: [{ name: 'title', type: 'text' }] })
  })

  it('webhooks: events default to all five; webhooks: the payload; webhooks: delivery headers — when a document goes through its life, then a subscribed webhook receives all five events with the spec payload', async () => {
    const target = await receiver()
    const webhook = await subscribe(site.api, { name: 'all', url: `${target.url}/hook` })
    expect(webhook.events).toEqual([...ENTRY_EVENTS])
    const documents = await lifecycle(site)
    const requests = await target.waitForRequests(5, 20_000)
    expect(requests.map((r) => r.json().event).sort()).toEqual([...ENTRY_EVENTS].sort())
    for (const request of requests) {
      const payload = request.json()
      expect(Object.keys(payload).sort()).toEqual([
        'contentType',
        'document',
        'event',
        'timestamp',
        'websiteId',
      ])
      expect(payload).toMatchObject({ contentType: 'article', websiteId: site.websiteId })
      expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp)
      expect(payload.document).toEqual(documents[payload.event])
      expect(request.headers['x-webhook-event']).toBe(payload.event)
      expect(request.headers['content-type']).toBe('application/json')
      expect(request.headers['user-agent']).toEqual(expect.stringMatching(/\S/))
      expect(request.headers['x-webhook-id']).toEqual(expect.stringMatching(/\S/))
      const sentAt = Number(request.headers['x-webhook-timestamp'])
      expect(Number.isInteger(sentAt)).toBe(true)
      expect(Math.abs(sentAt - request.receivedAt / 1000)).toBeLessThan(60)
    }
    expect(new Set(requests.map((r) => r.headers['x-webhook-id'])).size).toBe(5)
    expect(requests.find((r) => r.json().event === 'entry.update')!.json().document.data.body).toBe(
      'more',
    )
    expect(requests.find((r) => r.json().event === 'entry.publish')!.json().document.status).toBe(
      'published',
    )
    const log = await waitFor(async () => {
      const response = await site.api('GET', `/api/webhooks/${webhook.id}/deliveries`)
      return response.body.docs?.length === 5 &&
        response.body.docs.every((d: any) => d.status === 'succeeded')
        ? response.body
        : undefined
    })
    expect(log.totalDocs).toBe(5)
  })

  it('webhooks: only subscribed events and types — when webhooks are restricted by events or content types, then they receive nothing else', async () => {
    const publishOnly = await receiver()
    const pagesOnly = await receiver()
    const all = await receiver()
    await subscribe(site.api, { url: publishOnly.url, events: ['entry.publish'] })
    await subscribe(site.api, { url: pagesOnly.url, contentTypes: ['page'] })
    await subscribe(site.api, { url: all.url })
    await lifecycle(site)
    const page = (
      await expectStatus(
        site.api('POST', '/api/content', { body: { type: 'page', data: { title: 'P' } } }),
        201,
      )
    ).body
    await all.waitForRequests(6, 20_000)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(publishOnly.requests.map((r) => r.json().event)).toEqual(['entry.publish'])
    expect(pagesOnly.requests.map((r) => [r.json().event, r.json().document.id])).toEqual([
      ['entry.create', page.id],
    ])
  })

  it('webhooks: signed with hex HMAC-SHA256; webhooks: Standard Webhooks headers — when a webhook has a secret, then the receiver verifies it over the raw body, a wrong secret fails, and standardwebhooks verifies', async () => {
    const target = await receiver()
    const secret = `whsec_${randomBytes(32).toString('base64')}`
    const webhook = await subscribe(site.api, { url: target.url, secret, events: ['entry.create'] })
    expect(webhook.hasSecret).toBe(true)
    expect(JSON.stringify(webhook)).not.toContain(secret)
    await site.createArticle({ title: 'Signed' })
    const [request] = await target.waitForRequests(1, 20_000)
    expect(
      verifyBodySignature(request!.rawBody, request!.headers['x-webhook-signature'], secret),
    ).toBe(true)
    expect(
      verifyBodySignature(request!.rawBody, request!.headers['x-webhook-signature'], `${secret}x`),
    ).toBe(false)
    const headers = request!.headers as Record<string, string>
    expect(new StandardWebhook(secret).verify(request!.rawBody.toString('utf8'), headers)).toEqual(
      request!.json(),
    )
    expect(() =>
      new StandardWebhook(`whsec_${randomBytes(32).toString('base64')}`).verify(
        request!.rawBody.toString('utf8'),
        headers,
      ),
    ).toThrow()
  })

  it('webhooks: no signature without a secret — when a webhook has no secret, then no signature headers are sent', async () => {
    const target = await receiver()
    await subscribe(site.api, { url: target.url, events: ['entry.create'] })
    await site.createArticle({ title: 'Unsigned' })
    const [request] = await target.waitForRequests(1, 20_000)
    for (const header of [
      'x-webhook-signature',
      'webhook-signature',
      'webhook-id',
      'webhook-timestamp',
    ]) {
      expect(request!.headers[header]).toBeUndefined()
    }
    expect(request!.headers['x-webhook-id']).toEqual(expect.any(String))
  })

  it('webhooks: redeliver answers 202 — when a delivery is redelivered through the gateway, then 202 and the same body arrives again', async () => {
    const target = await receiver()
    const webhook = await subscribe(site.api, { url: target.url, events: ['entry.create'] })
    await site.createArticle({ title: 'Again' })
    const [first] = await target.waitForRequests(1, 20_000)
    const response = await site.api(
      'POST',
      `/api/webhooks/${webhook.id}/deliveries/${first!.headers['x-webhook-id']}/redeliver`,
    )
    expect(response.status).toBe(202)
    const [, second] = await target.waitForRequests(2, 20_000)
    expect(second!.rawBody.equals(first!.rawBody)).toBe(true)
  })

  it('when a webhook is tested through the gateway, then a signed ping arrives and its delivery shows its attempt', async () => {
    const target = await receiver()
    const webhook = await subscribe(site.api, { url: target.url, secret: 'gateway-ping' })
    const response = await site.api('POST', `/api/webhooks/${webhook.id}/test`)
    expect(response.status).toBe(202)
    const [ping] = await target.waitForRequests(1, 20_000)
    expect(ping!.headers['x-webhook-event']).toBe('webhook.ping')
    expect(
      verifyBodySignature(ping!.rawBody, ping!.headers['x-webhook-signature'], 'gateway-ping'),
    ).toBe(true)
    const detail = await waitFor(async () => {
      const found = await site.api(
        'GET',
        `/api/webhooks/${webhook.id}/deliveries/${response.body.id}`,
      )
      return found.status === 200 && found.body.status === 'succeeded' ? found.body : undefined
    })
    expect(detail).toMatchObject({ id: response.body.id, event: 'webhook.ping', attempts: 1 })
  })

  it('webhooks: create 201, list, get, patch 200, delete 204; webhooks: the secret is write-only — when a webhook is managed through every route, then each answers per the contract and no answer holds the secret', async () => {
    const own = await contentSite()
    const target = await receiver()
    const secret = `kept-${randomBytes(8).toString('hex')}`
    const created = await expectStatus(
      own.api('POST', '/api/webhooks', {
        body: { name: 'managed', url: target.url, events: ['entry.create'] },
      }),
      201,
    )
    expect(created.body).toMatchObject({
      name: 'managed',
      url: target.url,
      events: ['entry.create'],
      hasSecret: false,
    })
    const id = created.body.id as string
    const patched = await expectStatus(
      own.api('PATCH', `/api/webhooks/${id}`, {
        body: { events: ['entry.publish', 'entry.delete'], secret },
      }),
      200,
    )
    expect(patched.body).toMatchObject({
      id,
      events: ['entry.publish', 'entry.delete'],
      hasSecret: true,
    })
    const got = await expectStatus(own.api('GET', `/api/webhooks/${id}`), 200)
    expect(got.body).toEqual(patched.body)
    const list = await expectStatus(own.api('GET', '/api/webhooks'), 200)
    expect(list.body.docs).toEqual([patched.body])
    for (const response of [created, patched, got, list]) {
      expect(response.text).not.toContain(secret)
      expect(response.text).not.toContain('"secret"')
    }
    const deleted = await expectStatus(own.api('DELETE', `/api/webhooks/${id}`), 204)
    expect(deleted.text).toBe('')
    await expectStatus(own.api('GET', `/api/webhooks/${id}`), 404)
    expect((await expectStatus(own.api('GET', '/api/webhooks'), 200)).body.docs).toEqual([])
  })

  it('auth: a missing scope is 403 — when a read key manages webhooks, then it is forbidden', async () => {
    const response = await site.readApi('GET', '/api/webhooks')
    expect(response.status).toBe(403)
    expect(response.body.error.code).toBe('FORBIDDEN')
  })

  it('webhooks: unknown events and non-http urls are 422 — when the input is invalid through the gateway, then 422 with details', async () => {
    const response = await site.api('POST', '/api/webhooks', {
      body: { url: 'javascript:alert(1)', events: ['entry.archive'] },
    })
    expect(response.status).toBe(422)
    expect(response.body.error.details.map((d: any) => d.path).sort()).toEqual(['events[0]', 'url'])
  })
})
