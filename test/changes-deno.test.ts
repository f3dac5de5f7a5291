import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATA_ROOT, launchServices } from '@cms/stack'
import type { RunningServices } from '@cms/stack'
import { jsonClient, testEnv } from '@cms/testkit'
import { openChangeStream, opened } from './changes-kit.ts'

let services: RunningServices
let dataDir: string

describe('the live stream on Deno', () => {
  beforeAll(async () => {
    const env = testEnv()
    dataDir = mkdtempSync(join(DATA_ROOT, 'deno-changes-'))
    services = await launchServices({
      mongoUrl: env.mongoUrl,
      redisUrl: env.redisUrl,
      amqpUrl: env.amqpUrl,
      dataDir,
      runtime: { gateway: 'deno' },
      // A second webhook consumer on the shared broker would take other tests' deliveries.
      only: ['gateway', 'content-read', 'content-write', 'schema'],
    })
  }, 180_000)
  afterAll(async () => {
    await services?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('changes: every gateway instance delivers — when the gateway runs on Deno, then a stream opened there receives the change written through it', async () => {
    const admin = jsonClient(services.gatewayUrl, {
      authorization: `Bearer ${services.adminToken}`,
    })
    const website = await admin('POST', '/admin/api/websites', { body: { name: 'deno-changes' } })
    expect(website.status).toBe(201)
    const key = await admin('POST', `/admin/api/websites/${website.body.id}/keys`, {
      body: { name: 'k', scope: 'admin' },
    })
    expect(key.status).toBe(201)
    const api = jsonClient(services.gatewayUrl, { 'x-api-key': key.body.key })
    const type = await api('POST', '/api/content-types', {
      body: { name: 'note', fields: [{ name: 'title', type: 'text' }] },
    })
    expect(type.status).toBe(201)
    const stream = await opened(
      openChangeStream(key.body.key, { query: '?draft=true', gatewayUrl: services.gatewayUrl }),
    )
    const created = await api('POST', '/api/content', {
      body: { type: 'note', data: { title: 'on Deno' } },
    })
    expect(created.status).toBe(201)
    const [event] = await stream.waitForEvents(1)
    expect(event!.data).toMatchObject({ documentId: created.body.id, event: 'entry.create' })
    stream.close()
  })
})
