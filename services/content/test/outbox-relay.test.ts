import { randomUUID } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import process from 'node:process'
import { afterAll, describe, expect, it } from 'vitest'
import { DATA_ROOT, provisionBackends } from '@cms/stack'
import type { Backends } from '@cms/stack'
import { testEnv, waitFor } from '@cms/testkit'
import { defineSchema, newCaller, startContent, tapEvents, withDb } from './in-process.ts'
import type { InProcessContent, Tap } from './in-process.ts'

/** The outbox relay: events are sent once the broker confirms, and catch up after an outage. */
const cleanup: Array<() => Promise<unknown>> = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined)
})

async function makeChanges(content: InProcessContent): Promise<string> {
  const created = await content.api('POST', '/api/content', {
    body: { type: 'post', data: { title: 'Offline' } },
  })
  expect(created.status).toBe(201)
  const id = created.body.id as string
  const steps: Array<[string, string, unknown?]> = [
    ['PATCH', `/api/content/${id}`, { data: { body: 'one' } }],
    ['POST', `/api/content/${id}/publish`],
    ['POST', `/api/content/${id}/unpublish`],
    ['PATCH', `/api/content/${id}`, { data: { body: 'two' } }],
  ]
  for (const [method, path, body] of steps) {
    const response = await content.api(method, path, body === undefined ? {} : { body })
    expect(response.status).toBe(200)
  }
  return id
}

const EXPECTED = [
  'entry.create',
  'entry.update',
  'entry.publish',
  'entry.unpublish',
  'entry.update',
]

function expectAllOnce(tap: Tap, id: string): void {
  const events = tap.events().filter((event) => event.document.id === id)
  expect(events.map((event) => event.event)).toEqual(EXPECTED)
  expect(events.map((event) => event.document.version)).toEqual([1, 2, 3, 4, 5])
  expect(new Set(events.map((event) => event.eventId)).size).toBe(EXPECTED.length)
}

const pendingCount = (dbName: string) =>
  withDb(dbName, (db) => db.collection('outbox').countDocuments({}))

describe('outbox relay', () => {
  it('when the broker is unreachable, then writes succeed, and a relay with a broker later sends every event once', async () => {
    const caller = newCaller()
    await defineSchema(caller)
    const offline = await startContent({ caller, env: { AMQP_URL: 'amqp://127.0.0.1:1' } })
    cleanup.push(() => withDb(offline.dbName, (db) => db.dropDatabase()))
    const readiness = await waitFor(async () => {
      const response = await fetch(`${offline.service.url}/readyz`)
      const body = (await response.json()) as { status: string; checks: Record<string, string> }
      return body.checks.mongodb === 'ok' ? { status: response.status, body } : undefined
    })
    expect(readiness.status).toBe(200)
    expect(readiness.body.status).toBe('degraded')
    const id = await makeChanges(offline)
    const doomed = await offline.api('POST', '/api/content', {
      body: { type: 'post', data: { title: 'Doomed' } },
    })
    expect((await offline.api('DELETE', `/api/content/${doomed.body.id}`)).status).toBe(204)
    expect(await pendingCount(offline.dbName)).toBe(7)
    await offline.stop()

    const tap = await tapEvents(testEnv().amqpUrl, caller.websiteId)
    cleanup.push(() => tap.close())
    const online = await startContent({ caller, dbName: offline.dbName })
    cleanup.push(() => online.stop())
    await waitFor(() => (tap.events().length >= 7 ? true : undefined), {
      timeoutMs: 15_000,
      what: 'seven events',
    })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expectAllOnce(tap, id)
    const doomedEvents = tap.events().filter((event) => event.document.id === doomed.body.id)
    expect(doomedEvents.map((event) => event.event)).toEqual(['entry.create', 'entry.delete'])
    await withDb(offline.dbName, async (db) => {
      expect(await db.collection('versions').countDocuments({ documentId: doomed.body.id })).toBe(0)
      expect(await db.collection('outbox').countDocuments({})).toBe(0)
    })
  })

  describe('with a broker of its own that goes down and comes back', () => {
    let backends: Backends | undefined

    it('when RabbitMQ stops, then writes still answer 2xx, readiness fails, and every event arrives once it is back', async () => {
      const env = testEnv()
      const dataDir = join(DATA_ROOT, `content-outage-${Date.now()}-${process.pid}`)
      mkdirSync(dataDir, { recursive: true })
      backends = await provisionBackends({
        dataDir,
        env: { MONGO_URL: env.mongoUrl, REDIS_URL: env.redisUrl },
      })
      cleanup.push(async () => {
        await backends!.stop()
        rmSync(dataDir, { recursive: true, force: true })
      })
      const amqpUrl = backends.amqp.url
      const caller = newCaller()
      await defineSchema(caller)
      const content = await startContent({ caller, env: { AMQP_URL: amqpUrl } })
      cleanup.push(
        () => content.stop(),
        () => withDb(content.dbName, (db) => db.dropDatabase()),
      )
      const queue = `content-outage-${randomUUID()}`
      const early = await tapEvents(amqpUrl, caller.websiteId, queue)
      await waitFor(
        async () =>
          (await fetch(`${content.service.url}/readyz`)).status === 200 ? true : undefined,
        {
          timeoutMs: 15_000,
          what: 'the service ready',
        },
      )
      await early.close()

      await backends.amqp.control!.stop()
      await waitFor(
        async () => {
          const response = await fetch(`${content.service.url}/readyz`)
          const body = (await response.json()) as { status: string }
          return response.status === 200 && body.status === 'degraded' ? true : undefined
        },
        {
          timeoutMs: 15_000,
          what: 'readiness to report the broker as degraded (writes go on through the outbox)',
        },
      )
      const id = await makeChanges(content)
      expect(await pendingCount(content.dbName)).toBe(5)

      await backends.amqp.control!.start()
      const tap = await tapEvents(amqpUrl, caller.websiteId, queue)
      cleanup.push(() => tap.close())
      await waitFor(() => (tap.events().length >= EXPECTED.length ? true : undefined), {
        timeoutMs: 30_000,
        what: 'five events',
      })
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expectAllOnce(tap, id)
      expect(await pendingCount(content.dbName)).toBe(0)
    }, 180_000)
  })
})
