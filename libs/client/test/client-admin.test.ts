import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { testEnv, waitFor } from '@cms/testkit'
import { CmsApiError, createCmsAdminClient, createCmsClient } from '../src/index.ts'

const operator = () =>
  createCmsAdminClient({ baseUrl: testEnv().gatewayUrl, token: testEnv().adminToken })

describe('@cms/client admin API on Node against the gateway', () => {
  it('when websites, keys and quotas are managed through the admin client, then each call answers the admin resource', async () => {
    const admin = operator()
    const name = `client-${randomUUID().slice(0, 8)}`
    const site = await admin.websites.create(name)
    expect(site).toEqual({ id: expect.any(String), name, createdAt: expect.any(String) })
    expect((await admin.websites.list()).docs).toContainEqual(site)
    expect((await admin.websites.rename(site.id, `${name}-2`)).name).toBe(`${name}-2`)
    expect((await admin.websites.get(site.id)).name).toBe(`${name}-2`)

    const key = await admin.keys.create(site.id, {
      name: 'writer',
      scope: 'admin',
      rateLimit: { perMinute: 100 },
    })
    expect(key).toMatchObject({
      scope: 'admin',
      rateLimit: { perMinute: 100 },
      key: expect.stringMatching(/^cms_/),
    })
    const cms = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: key.key })
    await cms.contentTypes.create({ name: 'post', fields: [{ name: 'title', type: 'text' }] })
    expect((await admin.websites.contentTypes(site.id)).docs.map((type) => type.name)).toEqual([
      'post',
    ])
    expect((await admin.websites.locales(site.id)).locales).toEqual([{ code: 'en', default: true }])
    expect((await admin.keys.list(site.id)).docs).toEqual([
      expect.objectContaining({ id: key.id, prefix: key.prefix, revokedAt: null }),
    ])
    await admin.keys.revoke(site.id, key.id)
    expect((await admin.keys.list(site.id)).docs[0]!.revokedAt).toEqual(expect.any(String))

    const quotas = await admin.quotas.get(site.id)
    expect(quotas.quotas.webhooks).toMatchObject({ override: null })
    const changed = await admin.quotas.change(site.id, { webhooks: 3 })
    expect(changed.quotas.webhooks).toMatchObject({ limit: 3, override: 3 })

    const refused = await admin.websites.create(' ').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(CmsApiError)
    expect(refused).toMatchObject({
      status: 422,
      details: [expect.objectContaining({ path: 'name' })],
    })
  })

  it("when a website's documents, webhooks, deliveries and media are read and changed through the admin client, then each call answers the admin resource", async () => {
    const admin = operator()
    const site = await admin.websites.create(`views-${randomUUID().slice(0, 8)}`)
    const key = await admin.keys.create(site.id, { scope: 'admin' })
    const cms = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: key.key })
    await cms.contentTypes.create({ name: 'post', fields: [{ name: 'title', type: 'text' }] })
    const first = await cms.content.create({ type: 'post', data: { title: 'One' } })
    await cms.content.create({ type: 'post', data: { title: 'Two' } })
    const page = await admin.websites.documents(site.id, { page: 2, limit: 1 })
    expect(page).toMatchObject({ page: 2, limit: 1, totalDocs: 2, hasPrevPage: true })
    expect(page.docs.map((doc) => doc.id)).toEqual([first.id])
    expect(page.docs[0]!.status).toBe('draft')

    const hook = await cms.webhooks.create({
      name: 'ping',
      url: 'http://127.0.0.1:9/hook',
      events: ['entry.publish'],
    })
    expect((await admin.websites.webhooks(site.id)).docs.map((listed) => listed.id)).toEqual([
      hook.id,
    ])
    await cms.webhooks.test(hook.id)
    const log = await admin.websites.deliveries(site.id, hook.id, { limit: 5 })
    expect(log).toMatchObject({
      limit: 5,
      docs: [expect.objectContaining({ event: 'webhook.ping' })],
    })

    const file = new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')])
    const stored = await admin.media.upload(site.id, { file, filename: 'a.pdf', alt: 'A' })
    expect(stored).toMatchObject({ filename: 'a.pdf', alt: 'A', mimeType: 'application/pdf' })
    expect((await admin.media.list(site.id, { limit: 10 })).docs.map((m) => m.id)).toEqual([
      stored.id,
    ])
    const changed = await admin.media.update(site.id, stored.id, { alt: null, caption: 'C' })
    expect(changed).toMatchObject({ alt: null, caption: 'C' })
    await admin.media.delete(site.id, stored.id)
    expect((await admin.media.list(site.id)).totalDocs).toBe(0)
    const gone = await admin.media.delete(site.id, stored.id).catch((error: unknown) => error)
    expect(gone).toMatchObject({ status: 404 })
  })

  it('when a website is exported, deleted, purged and imported through the admin client, then the import holds its records', async () => {
    const admin = operator()
    const site = await admin.websites.create(`export-${randomUUID().slice(0, 8)}`)
    const key = await admin.keys.create(site.id, { scope: 'admin' })
    const cms = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: key.key })
    await cms.contentTypes.create({ name: 'post', fields: [{ name: 'title', type: 'text' }] })
    const post = await cms.content.create({ type: 'post', data: { title: 'Kept' } })

    const stream = await admin.websites.export(site.id)
    const ndjson = await new Response(stream).text()
    const lines = ndjson
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines[0]).toMatchObject({ format: 'cms-website-export', website: { id: site.id } })
    expect(lines.at(-1)).toMatchObject({ end: true })

    await admin.websites.delete(site.id)
    await expect(admin.websites.get(site.id)).rejects.toMatchObject({ status: 404 })
    const purge = await waitFor(
      async () => {
        const progress = await admin.purges.get(site.id)
        return progress.state === 'done' ? progress : undefined
      },
      { timeoutMs: 30_000 },
    )
    expect(purge.removed).toBeGreaterThan(0)

    const imported = await admin.websites.import('restored', ndjson)
    expect(imported.website).toMatchObject({ name: 'restored', importedFrom: site.id })
    const restoredKey = await admin.keys.create(imported.website.id, { scope: 'admin' })
    const restored = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: restoredKey.key })
    expect((await restored.content.get(post.id, { draft: true })).data).toEqual({ title: 'Kept' })
  }, 90_000)
})
