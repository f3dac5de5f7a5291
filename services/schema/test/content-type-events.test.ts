import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '@cms/testkit'
import type { RunningSchemaService } from '../src/main.ts'
import { listenToChangeEvents } from './support/change-events.ts'
import type { ChangeEventListener } from './support/change-events.ts'
import { websiteClient } from './support/schema-client.ts'
import { startSchema } from './support/start-schema.ts'
import { startStubContentService } from './support/stub-content-service.ts'
import type { StubContentService } from './support/stub-content-service.ts'

let events: ChangeEventListener
let content: StubContentService
let schema: RunningSchemaService

beforeAll(async () => {
  events = await listenToChangeEvents()
  content = await startStubContentService()
  schema = await startSchema({ CONTENT_URL: content.url })
})
afterAll(async () => {
  await schema?.stop()
  await content?.close()
  await events?.close()
})

describe('content type change events', () => {
  it('when a type is created, changed and deleted, then each change is announced with its version, and deletion with null', async () => {
    const { admin, websiteId } = websiteClient(schema.url)
    await admin('POST', '/api/content-types', { body: { name: 'article' } })
    await admin('PATCH', '/api/content-types/article', { body: { label: 'Story' } })
    await admin('DELETE', '/api/content-types/article')
    const received = await events.waitFor(websiteId, 3)
    expect(received.map(({ name, version }) => ({ name, version }))).toEqual([
      { name: 'article', version: 1 },
      { name: 'article', version: 2 },
      { name: 'article', version: null },
    ])
    for (const message of received) {
      expect(message.websiteId).toBe(websiteId)
      expect(Number.isNaN(Date.parse(message.timestamp))).toBe(false)
    }
  })

  it('when a change is refused, then nothing is announced', async () => {
    const { admin, websiteId } = websiteClient(schema.url)
    await admin('POST', '/api/content-types', { body: { name: 'Bad Name' } })
    await admin('PATCH', '/api/content-types/missing', { body: { label: 'x' } })
    await admin('POST', '/api/content-types', { body: { name: 'marker' } })
    const received = await events.waitFor(websiteId, 1)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(events.of(websiteId).map((message) => message.name)).toEqual(['marker'])
    expect(received).toHaveLength(1)
  })
})

describe('when the broker is down', () => {
  it('then changes still succeed, and the service stays ready, reporting the broker as degraded', async () => {
    const brokerless = await startSchema(
      { CONTENT_URL: content.url, AMQP_URL: 'amqp://127.0.0.1:1' },
      { waitUntilReady: false },
    )
    try {
      const { admin } = websiteClient(brokerless.url)
      const created = await admin('POST', '/api/content-types', { body: { name: 'article' } })
      expect(created.status).toBe(201)
      expect(
        (await admin('PATCH', '/api/content-types/article', { body: { label: 'x' } })).status,
      ).toBe(200)
      expect((await admin('DELETE', '/api/content-types/article')).status).toBe(204)
      const readiness = await waitFor(async () => {
        const response = await fetch(`${brokerless.url}/readyz`)
        const body = (await response.json()) as { status: string; checks: Record<string, string> }
        return body.checks.mongodb === 'ok' ? { status: response.status, body } : undefined
      })
      expect(readiness.status).toBe(200)
      expect(readiness.body.status).toBe('degraded')
      expect(readiness.body.checks.amqp).not.toBe('ok')
    } finally {
      await brokerless.stop()
    }
  })
})
