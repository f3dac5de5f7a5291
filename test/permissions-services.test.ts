import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { ARTICLE_TYPE, contentSite, defineType, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'
import { createRole, issueKey } from './permissions-kit.ts'

/** The webhook and schema services serve a key only what its content types allow. */
let site: ContentSite
/** A key of the role `{read: ['event'], manageWebhooks: true}`. */
let eventsKey: ApiCall
const receivers: Receiver[] = []

async function receiver(): Promise<Receiver> {
  const started = await startReceiver()
  receivers.push(started)
  return started
}

async function publish(type: string, title: string): Promise<{ id: string }> {
  const created = await expectStatus(
    site.api('POST', '/api/content', { body: { type, data: { title } } }),
    201,
  )
  await expectStatus(site.api('POST', `/api/content/${created.body.id}/publish`), 200)
  return created.body
}

/** The delivery log of `webhookId` once it holds `count` entries, as `api` sees it. */
async function deliveriesOf(api: ApiCall, webhookId: string, count: number): Promise<any[]> {
  return waitFor(
    async () => {
      const log = await api('GET', `/api/webhooks/${webhookId}/deliveries`)
      return log.status === 200 && log.body.docs.length === count ? log.body.docs : undefined
    },
    { timeoutMs: 20_000, what: `${count} deliveries of webhook ${webhookId}` },
  )
}

beforeAll(async () => {
  site = await contentSite()
  await defineType(site.api, {
    name: 'event',
    titleField: 'title',
    fields: [
      { name: 'title', type: 'text', required: true },
      { name: 'article', type: 'relation', target: ARTICLE_TYPE.name },
    ],
  })
  await createRole(site.websiteId, 'event-hooks', { read: ['event'], manageWebhooks: true })
  eventsKey = (await issueKey(site.websiteId, { role: 'event-hooks' })).api
}, 60_000)

afterAll(async () => {
  await Promise.all(receivers.map((started) => started.close()))
})

describe('webhooks of a key that reads some types', () => {
  it("permissions: webhooks see only the types of their maker — when a key that reads only event makes a webhook for every type, then it is told of event only, and receives an event's publish but not an article's", async () => {
    const mine = await receiver()
    const all = await receiver()
    const made = await expectStatus(
      eventsKey('POST', '/api/webhooks', { body: { url: mine.url, events: ['entry.publish'] } }),
      201,
    )
    expect(made.body.contentTypes).toEqual(['event'])
    await expectStatus(
      site.api('POST', '/api/webhooks', { body: { url: all.url, events: ['entry.publish'] } }),
      201,
    )
    const article = await publish('article', 'Not for the partner')
    const event = await publish('event', 'For the partner')
    // Both events are fanned out (every delivery stored at once) when the owner's hook has both.
    const seen = await all.waitForRequests(2, 20_000)
    expect(seen.map((request) => request.json().document.id).sort()).toEqual(
      [article.id, event.id].sort(),
    )
    const log = await deliveriesOf(eventsKey, made.body.id, 1)
    expect(log.map((delivery) => delivery.documentId)).toEqual([event.id])
    const received = await mine.waitForRequests(1, 20_000)
    expect(received.map((request) => request.json().contentType)).toEqual(['event'])
  })

  it('permissions: webhooks see only the types of their maker — when that key names article, on create or change, then it is 403 naming the read permission on article, and nothing changes', async () => {
    const target = await receiver()
    const refused = await expectStatus(
      eventsKey('POST', '/api/webhooks', {
        body: { url: target.url, contentTypes: ['event', 'article'] },
      }),
      403,
    )
    expect(refused.body.error.code).toBe('FORBIDDEN')
    expect(refused.body.error.message).toContain('needs the read permission on article')
    const made = await expectStatus(
      eventsKey('POST', '/api/webhooks', { body: { url: target.url, contentTypes: ['event'] } }),
      201,
    )
    const path = `/api/webhooks/${made.body.id}`
    const widened = await expectStatus(
      eventsKey('PATCH', path, { body: { contentTypes: ['article'] } }),
      403,
    )
    expect(widened.body.error.message).toContain('needs the read permission on article')
    const reset = await expectStatus(
      eventsKey('PATCH', path, { body: { contentTypes: null, name: 'events' } }),
      200,
    )
    expect(reset.body).toMatchObject({ name: 'events', contentTypes: ['event'] })
    expect((await expectStatus(site.api('GET', path), 200)).body.contentTypes).toEqual(['event'])
  })

  it("permissions: webhooks see only the types of their maker — when an owner's webhook is told of article too, then for that key it is 404 on every webhook route and absent from its list", async () => {
    const target = await receiver()
    const owners = await Promise.all(
      [null, ['event', 'article'], ['event']].map(
        async (contentTypes) =>
          (
            await expectStatus(
              site.api('POST', '/api/webhooks', { body: { url: target.url, contentTypes } }),
              201,
            )
          ).body,
      ),
    )
    const [everyType, both, events] = owners
    const listed = await expectStatus(eventsKey('GET', '/api/webhooks'), 200)
    const ids = listed.body.docs.map((webhook: any) => webhook.id)
    expect(ids).toContain(events.id)
    expect(ids).not.toContain(everyType.id)
    expect(ids).not.toContain(both.id)
    for (const hidden of [everyType, both]) {
      const path = `/api/webhooks/${hidden.id}`
      const ping = await expectStatus(site.api('POST', `${path}/test`), 202)
      const delivery = `${path}/deliveries/${ping.body.id}`
      for (const [method, route, body] of [
        ['GET', path],
        ['PATCH', path, { name: 'mine now' }],
        ['POST', `${path}/test`],
        ['GET', `${path}/deliveries`],
        ['GET', delivery],
        ['POST', `${delivery}/redeliver`],
        ['DELETE', path],
      ] as const) {
        const answer = await eventsKey(method, route, body ? { body } : {})
        expect([method, route, answer.status, answer.body.error?.code]).toEqual([
          method,
          route,
          404,
          'NOT_FOUND',
        ])
      }
      expect((await expectStatus(site.api('GET', path), 200)).body.name).toBe(hidden.name)
    }
    await expectStatus(eventsKey('GET', `/api/webhooks/${events.id}`), 200)
  })

  it("permissions: webhooks see only the types of their maker — when an owner's webhook that delivered an article is narrowed to event, then that key sees it but cannot send the article's payload again", async () => {
    const target = await receiver()
    const hook = (
      await expectStatus(
        site.api('POST', '/api/webhooks', { body: { url: target.url, events: ['entry.publish'] } }),
        201,
      )
    ).body
    const article = await publish('article', 'Delivered before the narrowing')
    const [delivered] = await deliveriesOf(site.api, hook.id, 1)
    expect(delivered.documentId).toBe(article.id)
    await expectStatus(
      site.api('PATCH', `/api/webhooks/${hook.id}`, { body: { contentTypes: ['event'] } }),
      200,
    )
    const redeliver = `/api/webhooks/${hook.id}/deliveries/${delivered.id}/redeliver`
    expect((await eventsKey('POST', redeliver)).status).toBe(404)
    await expectStatus(eventsKey('POST', `/api/webhooks/${hook.id}/test`), 202)
    await expectStatus(site.api('POST', redeliver), 202)
  })
})

describe('the OpenAPI document of a key', () => {
  /** `METHOD /path` of every operation the document describes, with the permission it needs. */
  const operationsOf = (document: any): Map<string, string | undefined> =>
    new Map(
      Object.entries(document.paths).flatMap(([path, methods]: [string, any]) =>
        Object.entries(methods).map(([method, operation]: [string, any]) => [
          `${method.toUpperCase()} ${path}`,
          operation['x-permission'],
        ]),
      ),
    )
  const schemaNames = (document: any) => Object.keys(document.components.schemas)

  it('permissions: the OpenAPI document shows what the key may call — when a viewer key asks, then it describes only operations that need read (or nothing), and every type', async () => {
    const owner = (await expectStatus(site.api('GET', '/api/openapi.json'), 200)).body
    const viewer = (await expectStatus(site.readApi('GET', '/api/openapi.json'), 200)).body
    const everything = operationsOf(owner)
    const shown = operationsOf(viewer)
    expect(everything.get('POST /api/content')).toBe('create')
    expect(shown.has('POST /api/content')).toBe(false)
    expect(shown.has('GET /api/webhooks')).toBe(false)
    expect(new Set(shown.values())).toEqual(new Set(['read', undefined]))
    expect([...shown.keys()]).toEqual(
      [...everything]
        .filter(([, permission]) => permission === undefined || permission === 'read')
        .map(([operation]) => operation),
    )
    expect(schemaNames(viewer)).toEqual(
      expect.arrayContaining(['article.Document', 'event.Document']),
    )
  })

  it('permissions: the OpenAPI document shows what the key may call — when a key that reads only event asks, then it shows no article schema and its webhooks, while content types stay readable', async () => {
    const document = (await expectStatus(eventsKey('GET', '/api/openapi.json'), 200)).body
    const names = schemaNames(document)
    expect(names).toEqual(expect.arrayContaining(['event.Data', 'event.Document', 'event.Create']))
    expect(names.filter((name) => name.startsWith('article.'))).toEqual([])
    // event's relation into article is described as any document, not article's.
    expect(JSON.stringify(document)).not.toContain('article.Document')
    const shown = operationsOf(document)
    expect(shown.get('POST /api/webhooks')).toBe('manageWebhooks')
    expect(shown.has('POST /api/content')).toBe(false)
    const types = await expectStatus(eventsKey('GET', '/api/content-types'), 200)
    expect(types.body.docs.map((type: any) => type.name)).toEqual(['article', 'event'])
    await expectStatus(eventsKey('GET', '/api/content-types/article'), 200)
  })
})
