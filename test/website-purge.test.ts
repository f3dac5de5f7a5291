import { randomUUID } from 'node:crypto'
import process from 'node:process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminClient, createTestWebsite, jsonClient, testEnv, waitFor } from '@cms/testkit'
import type { ApiCall } from '@cms/testkit'
import { readGatewayConfig } from '../services/gateway/src/config.ts'
import { start as startGateway } from '../services/gateway/src/main.ts'
import type { RunningGateway } from '../services/gateway/src/main.ts'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'
import { asset } from './media-kit.ts'
import { countRecords, populateWebsite, relatedIds, withMongo } from './lifecycle-kit.ts'

let receiver: Receiver
beforeAll(async () => {
  receiver = await startReceiver()
})
afterAll(async () => {
  await receiver.close()
})

/** Collections every populated website has records in, so "none left" means something. */
const ALWAYS_FILLED = [
  'gateway.api_keys',
  'gateway.idempotency_keys',
  'gateway.idempotency_takeovers',
  'schema.content_types',
  'schema.content_type_versions',
  'schema.website_type_index',
  'content.documents',
  'content.versions',
  'content.changes',
  'content.slugs',
  'content.schedules',
  'content.releases',
  'content.release_marks',
  'content.media',
  'content.fs.files',
  'content.fs.chunks',
  'webhook.webhooks',
  'webhook.deliveries',
  'webhook.attempts',
  'webhook.payloads',
]

const nonZero = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0))

async function waitForPurge(admin: ApiCall, websiteId: string, timeoutMs = 90_000) {
  return waitFor(
    async () => {
      const progress = await admin('GET', `/admin/api/purges/${websiteId}`)
      return progress.body?.state === 'done' ? progress.body : undefined
    },
    { timeoutMs, intervalMs: 100, what: `the purge of ${websiteId} to finish` },
  )
}

describe('website purge', () => {
  it('lifecycle: a deleted website is purged everywhere; lifecycle: purge progress — when a website is deleted, then it is 404 at once, its purge shows progress until done, and no collection of any service keeps a record of it', async () => {
    const admin = adminClient()
    const site = await createTestWebsite()
    const bystander = await createTestWebsite()
    const populated = await populateWebsite(site, { receiverUrl: receiver.url })
    await populateWebsite(bystander, { receiverUrl: receiver.url, documents: 1 })
    // A key taken over from a claim left running (test/idempotency-keys.test.ts makes real ones).
    await withMongo((client) =>
      client
        .db('cms_gateway')
        .collection<{ _id: string; websiteId: string; expiresAt: Date }>('idempotency_takeovers')
        .insertOne({
          _id: `${site.websiteId}:abandoned/${randomUUID()}`,
          websiteId: site.websiteId,
          expiresAt: new Date(Date.now() + 3600_000),
        }),
    )
    const related = await relatedIds(site.websiteId)
    const before = await countRecords(site.websiteId, related)
    const bystanderBefore = await countRecords(
      bystander.websiteId,
      await relatedIds(bystander.websiteId),
    )
    for (const name of ALWAYS_FILLED) expect(before[name], name).toBeGreaterThan(0)

    const started = Date.now()
    expect((await admin('DELETE', `/admin/api/websites/${site.websiteId}`)).status).toBe(204)
    const gone = await admin('GET', `/admin/api/websites/${site.websiteId}`)
    expect(gone.status).toBe(404)
    expect(gone.body.error.code).toBe('NOT_FOUND')
    const progress = await admin('GET', `/admin/api/purges/${site.websiteId}`)
    expect(progress.status).toBe(200)
    expect(progress.body).toMatchObject({
      websiteId: site.websiteId,
      reason: 'deleted',
      state: 'running',
      services: [
        { service: 'gateway' },
        { service: 'content' },
        { service: 'schema' },
        { service: 'webhook' },
        { service: 'audit' },
      ],
    })
    expect((await site.api('GET', '/api/content-types')).status).toBe(401)

    // The asset URLs stop answering once the content step has begun (media records go first).
    await waitFor(
      async () => ((await asset(populated.media[0]!.url)).status === 404 ? true : undefined),
      { timeoutMs: 30_000, what: 'the asset to be gone' },
    )
    const done = await waitForPurge(admin, site.websiteId)
    const seconds = (Date.now() - started) / 1000
    process.stdout.write(
      `[purge] ${Object.values(before).reduce((a, b) => a + b, 0)} records in ${seconds.toFixed(1)} s\n`,
    )

    expect(nonZero(await countRecords(site.websiteId, related))).toEqual({})
    const removedOf = (service: string) =>
      done.services.find((step: { service: string }) => step.service === service).removed
    expect(removedOf('content')).toMatchObject({
      documents: before['content.documents'],
      versions: before['content.versions'],
      media: before['content.media'],
      media_chunks: before['content.fs.chunks'],
    })
    expect(removedOf('schema')).toMatchObject({ content_types: before['schema.content_types'] })
    expect(removedOf('webhook')).toMatchObject({ webhooks: before['webhook.webhooks'] })
    expect(done.finishedAt).toEqual(expect.any(String))
    expect(done.services.every((step: { state: string }) => step.state === 'done')).toBe(true)
    // Another website's records are all still there.
    expect(await countRecords(bystander.websiteId, await relatedIds(bystander.websiteId))).toEqual(
      bystanderBefore,
    )
  }, 180_000)

  it('lifecycle: purge progress — when no website of that id was deleted, then its purge is 404', async () => {
    const admin = adminClient()
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await admin('GET', `/admin/api/purges/${id}`)
      expect(response.status).toBe(404)
      expect(response.body.error.code).toBe('NOT_FOUND')
    }
  })

  it('lifecycle: a purge resumes after a restart — when the gateway running a purge stops after a batch, then a gateway started later resumes it and finishes', async () => {
    const env = testEnv()
    const database = `cms_gateway_purge_${randomUUID().slice(0, 8)}`
    const gatewayConfig = readGatewayConfig({
      CMS_PORT: '0',
      HOST: '127.0.0.1',
      MONGO_URL: env.mongoUrl,
      MONGO_DB: database,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: `cms:test:${randomUUID()}`,
      INTERNAL_TOKEN: env.internalToken,
      CMS_ADMIN_TOKEN: env.adminToken,
      CONTENT_READ_URL: env.contentReadUrl,
      CONTENT_WRITE_URL: env.contentWriteUrl,
      SCHEMA_URL: env.schemaUrl,
      WEBHOOK_URL: env.webhookUrl,
      KEY_CACHE_TTL_MS: '0',
      PURGE_BATCH_SIZE: '3',
      LOG_LEVEL: process.env.CMS_TEST_LOG_LEVEL ?? 'silent',
    })
    let gateway: RunningGateway | undefined = await startGateway(gatewayConfig)
    try {
      const admin = adminClient(gateway.url)
      const website = await admin('POST', '/admin/api/websites', { body: { name: 'resumable' } })
      const key = await admin('POST', `/admin/api/websites/${website.body.id}/keys`, {
        body: { scope: 'admin', rateLimit: { perMinute: 1_000_000, perDay: 100_000_000 } },
      })
      const websiteId = website.body.id as string
      const api = jsonClient(gateway.url, { 'x-api-key': key.body.key })
      await populateWebsite(
        { api, adminKey: key.body.key },
        { gatewayUrl: gateway.url, receiverUrl: receiver.url, documents: 12 },
      )
      const related = await relatedIds(websiteId)
      const before = await countRecords(websiteId, related, database)

      expect((await admin('DELETE', `/admin/api/websites/${websiteId}`)).status).toBe(204)
      await waitFor(
        async () => {
          const progress = await admin('GET', `/admin/api/purges/${websiteId}`)
          const content = progress.body.services.find((s: any) => s.service === 'content')
          return content.batches >= 1 ? true : undefined
        },
        { timeoutMs: 30_000, intervalMs: 5, what: 'a first batch of the content step' },
      )
      await gateway.stop()
      gateway = undefined

      const stopped = await withMongo((client) =>
        client
          .db(database)
          .collection('purges')
          .findOne({ _id: websiteId as never }),
      )
      expect(stopped?.state).toBe('running')
      const midway = await countRecords(websiteId, related, database)
      const left = Object.values(midway).reduce((a, b) => a + b, 0)
      const had = Object.values(before).reduce((a, b) => a + b, 0)
      expect(left).toBeGreaterThan(0)
      expect(left).toBeLessThan(had)

      gateway = await startGateway(gatewayConfig)
      const done = await waitForPurge(adminClient(gateway.url), websiteId)
      expect(nonZero(await countRecords(websiteId, related, database))).toEqual({})
      const content = done.services.find((s: any) => s.service === 'content')
      expect(content.removed).toMatchObject({
        documents: before['content.documents'],
        versions: before['content.versions'],
        slugs: before['content.slugs'],
      })
    } finally {
      await gateway?.stop()
      await withMongo((client) => client.db(database).dropDatabase())
    }
  }, 180_000)
})
