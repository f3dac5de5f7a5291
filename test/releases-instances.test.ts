import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATA_ROOT, launchServices } from '@cms/stack'
import type { RunningServices } from '@cms/stack'
import { createTestWebsite, testEnv, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { defineType } from './content-fixtures.ts'
import { draftOf, pageType, reasonsOf, releaseOf } from './releases-kit.ts'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'

/** A second content writer on the shared database: two release runners compete for each apply. */
let second: RunningServices
let dataDir: string
let site: TestWebsite
let receiver: Receiver

beforeAll(async () => {
  const env = testEnv()
  dataDir = mkdtempSync(join(DATA_ROOT, 'releases-instances-'))
  second = await launchServices({
    mongoUrl: env.mongoUrl,
    redisUrl: env.redisUrl,
    amqpUrl: env.amqpUrl,
    dataDir,
    internalToken: env.internalToken,
    only: ['content-write'],
    env: { 'content-write': { SCHEMA_URL: env.schemaUrl } },
  })
  site = await createTestWebsite()
  await defineType(site.api, pageType('page'))
  receiver = await startReceiver()
  const hook = await site.api('POST', '/api/webhooks', {
    body: { name: 'releases', url: `${receiver.url}/hook`, events: ['release.publish'] },
  })
  expect(hook.status, hook.text).toBe(201)
}, 180_000)

afterAll(async () => {
  await receiver?.close()
  await second?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('releases on two content writers', () => {
  it('releases: a scheduled release is published once at its time — when three releases fall due at the same moment with two content writers running, then each is applied once: one publish version per document and one release.publish event per release', async () => {
    const releases: Array<{ id: string; documents: string[] }> = []
    for (const name of ['one', 'two', 'three']) {
      const documents = [
        await draftOf(site.api, 'page', `${name} a`),
        await draftOf(site.api, 'page', `${name} b`),
      ]
      const release = await releaseOf(
        site.api,
        name,
        documents.map((documentId) => ({ documentId, action: 'publish' as const })),
      )
      releases.push({ id: release.id, documents })
    }
    const at = new Date(Date.now() + 3_000).toISOString()
    for (const release of releases) {
      const scheduled = await site.api('POST', `/api/releases/${release.id}/schedule`, {
        body: { at },
      })
      expect(scheduled.status, scheduled.text).toBe(200)
    }
    await waitFor(
      async () => {
        const states = await Promise.all(
          releases.map(async (release) => {
            const shown = await site.api('GET', `/api/releases/${release.id}`)
            return shown.body.state
          }),
        )
        return states.every((state) => state === 'published') ? states : undefined
      },
      { what: 'the three releases published', timeoutMs: 60_000 },
    )
    const deliveries = () => {
      const byDelivery = new Map<string, string>()
      for (const request of receiver.requests)
        byDelivery.set(String(request.headers['x-webhook-id']), request.json().release?.id)
      return [...byDelivery.values()]
    }
    await waitFor(() => (deliveries().length >= releases.length ? true : undefined), {
      what: 'one release.publish per release',
      timeoutMs: 30_000,
    })
    expect(deliveries().sort()).toEqual(releases.map((release) => release.id).sort())
    for (const release of releases)
      for (const id of release.documents)
        expect(await reasonsOf(site.api, id)).toEqual(['create', 'publish'])
  }, 120_000)
})
