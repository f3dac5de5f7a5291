import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATA_ROOT, launchServices } from '@cms/stack'
import type { RunningServices } from '@cms/stack'
import { jsonClient, testEnv } from '@cms/testkit'
import { openChangeStream, opened } from './changes-kit.ts'

let services: RunningServices
let dataDir: string

describe('the same source on Deno', () => {
  beforeAll(async () => {
    const env = testEnv()
    dataDir = mkdtempSync(join(DATA_ROOT, 'deno-'))
    services = await launchServices({
      mongoUrl: env.mongoUrl,
      redisUrl: env.redisUrl,
      amqpUrl: env.amqpUrl,
      dataDir,
      runtime: { gateway: 'deno', 'content-read': 'deno', 'content-write': 'deno' },
      // A second webhook consumer on the shared broker would take other tests' deliveries.
      only: ['gateway', 'content-read', 'content-write', 'schema'],
    })
  }, 180_000)
  afterAll(async () => {
    await services?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('when the gateway and the content service run on Deno, then a document round-trips through them, and the OpenAPI documents and /docs are served', async () => {
    const admin = jsonClient(services.gatewayUrl, {
      authorization: `Bearer ${services.adminToken}`,
    })
    const website = await admin('POST', '/admin/api/websites', { body: { name: 'deno-check' } })
    expect(website.status).toBe(201)
    const key = await admin('POST', `/admin/api/websites/${website.body.id}/keys`, {
      body: { name: 'k', scope: 'admin' },
    })
    expect(key.status).toBe(201)
    const api = jsonClient(services.gatewayUrl, { 'x-api-key': key.body.key })

    const type = await api('POST', '/api/content-types', {
      body: {
        name: 'article',
        fields: [{ name: 'title', label: 'Title', type: 'text', required: true }],
        titleField: 'title',
      },
    })
    expect(type.status).toBe(201)
    const created = await api('POST', '/api/content', {
      body: { type: 'article', data: { title: 'Hello from Deno' } },
    })
    expect(created.status).toBe(201)
    expect(created.body.slug).toBe('hello-from-deno')
    const published = await api('POST', `/api/content/${created.body.id}/publish`)
    expect(published.status).toBe(200)
    const read = await api('GET', `/api/content/by-slug/article/hello-from-deno`)
    expect(read.status).toBe(200)
    expect(read.body.data).toEqual({ title: 'Hello from Deno' })
    const health = await fetch(`${services.urls.gateway}/healthz`)
    expect(health.status).toBe(200)

    // The OpenAPI documents and /docs, with Redoc's bundle resolved from node_modules.
    const document = await api('GET', '/api/openapi.json')
    expect(document.status).toBe(200)
    expect(document.body.components.schemas['article.Data'].properties.title).toBeDefined()
    expect((await admin('GET', '/admin/api/openapi.json')).body.openapi).toBe('3.1.0')
    const page = await fetch(`${services.urls.gateway}/docs`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('/docs/assets/redoc.standalone.js')
    const redoc = await fetch(`${services.urls.gateway}/docs/assets/redoc.standalone.js`)
    expect(redoc.status).toBe(200)
    expect((await redoc.arrayBuffer()).byteLength).toBeGreaterThan(500_000)
  }, 60_000)

  it('when the gateway runs on Deno, then a person signs in (argon2id in WebAssembly, the Redis session) and reads as their role', async () => {
    const admin = jsonClient(services.gatewayUrl, {
      authorization: `Bearer ${services.adminToken}`,
    })
    const website = await admin('POST', '/admin/api/websites', { body: { name: 'deno-people' } })
    const person = await admin('POST', '/admin/api/people', {
      body: {
        email: 'deno@example.test',
        name: 'Deno',
        password: 'a long deno password',
        memberships: [{ websiteId: website.body.id, role: 'viewer' }],
      },
    })
    expect(person.status, person.text).toBe(201)
    const signedIn = await jsonClient(services.gatewayUrl, {})('POST', '/auth/password', {
      body: { email: 'deno@example.test', password: 'a long deno password' },
    })
    expect(signedIn.status, signedIn.text).toBe(200)
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!
    const asPerson = jsonClient(services.gatewayUrl, { cookie, 'x-cms-website': website.body.id })
    expect((await asPerson('GET', '/auth/session')).body.person.id).toBe(person.body.id)
    expect((await asPerson('GET', '/api/content-types')).status).toBe(200)
    expect((await asPerson('POST', '/api/content-types', { body: {} })).status).toBe(403)
  }, 60_000)

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
