import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, testEnv, waitFor } from '@cms/testkit'
import { CmsApiError, createCmsClient } from '../src/index.ts'
import type { CmsClient } from '../src/index.ts'

interface Article {
  title: string
  views?: number
  author?: string | { id: string; data: { name: string } } | null
}

let cms: CmsClient
let reader: CmsClient

beforeAll(async () => {
  const site = await createTestWebsite()
  cms = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: site.adminKey })
  reader = createCmsClient({ baseUrl: testEnv().gatewayUrl, apiKey: site.readKey })
})

describe('@cms/client on Node against the gateway: content types and documents', () => {
  it('when content types are created, listed, read, changed and deleted through the client, then each call answers the typed resource', async () => {
    const created = await cms.contentTypes.create({
      name: 'note',
      fields: [{ name: 'title', type: 'text', required: true }],
      titleField: 'title',
    })
    expect(created).toMatchObject({ name: 'note', label: 'note', version: 1 })
    const changed = await cms.contentTypes.update('note', { label: 'Notes' })
    expect(changed.label).toBe('Notes')
    expect((await cms.contentTypes.get('note')).label).toBe('Notes')
    expect((await reader.contentTypes.list()).docs.map((type) => type.name)).toContain('note')
    await cms.contentTypes.delete('note')
    const gone = await cms.contentTypes.get('note').catch((error: unknown) => error)
    expect(gone).toBeInstanceOf(CmsApiError)
    expect(gone).toMatchObject({ status: 404, code: 'NOT_FOUND' })
  })

  it('when documents are written and read with filters, sort, fields, populate, locale and draft, then the client builds each query', async () => {
    await cms.locales.replace([{ code: 'en', default: true }, { code: 'fr' }])
    expect((await reader.locales.list()).locales.map((locale) => locale.code)).toEqual(['en', 'fr'])
    await cms.contentTypes.create({
      name: 'person',
      fields: [{ name: 'name', type: 'text', required: true }],
      titleField: 'name',
    })
    await cms.contentTypes.create({
      name: 'article',
      localized: true,
      titleField: 'title',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'views', type: 'integer', localized: false },
        { name: 'author', type: 'relation', target: 'person' },
      ],
    })
    const ann = await cms.content.create({ type: 'person', data: { name: 'Ann' } })
    await cms.content.publish(ann.id)
    const first = await cms.content.create<Article>({
      type: 'article',
      data: { title: 'First & best', views: 10, author: ann.id },
    })
    expect(first).toMatchObject({ status: 'draft', slug: 'first-best', version: 1 })
    await cms.content.update(first.id, { data: { title: 'Premier' } }, { locale: 'fr' })
    const second = await cms.content.create<Article>({
      type: 'article',
      data: { title: 'Second', views: 3 },
    })
    await cms.content.publish(first.id)

    const published = await reader.content.list<Article>({ type: 'article' })
    expect(published.docs.map((doc) => doc.id)).toEqual([first.id])
    const drafts = await cms.content.list<Article>({
      type: 'article',
      draft: true,
      filters: { $or: [{ 'data.views': { $lt: 5 } }, { 'data.title': { $containsi: 'BEST' } }] },
      sort: ['data.views:asc'],
      fields: ['title', 'views'],
      limit: 1,
    })
    expect(drafts).toMatchObject({ totalDocs: 2, totalPages: 2, limit: 1, hasNextPage: true })
    expect(drafts.docs).toEqual([
      expect.objectContaining({ id: second.id, data: { title: 'Second', views: 3 } }),
    ])

    const populated = await reader.content.get<Article>(first.id, {
      populate: ['author'],
      locale: 'fr',
    })
    expect(populated.data.title).toBe('Premier')
    expect(populated.data.author).toMatchObject({ id: ann.id, data: { name: 'Ann' } })
    const bySlug = await reader.content.getBySlug<Article>('article', 'first-best', {
      populate: { author: { fields: ['name'] } },
    })
    expect(bySlug.id).toBe(first.id)
    const referrers = await cms.content.referencedBy(ann.id)
    expect(referrers.docs.map((doc) => doc.id)).toEqual([first.id])
    const uncounted = await cms.content.list({ type: 'article', draft: true, withCount: false })
    expect(uncounted.totalDocs).toBeNull()
  })

  it('when a document goes through drafts, If-Match, schedules, versions, restore and delete, then each call answers as the API says', async () => {
    await cms.contentTypes.create({
      name: 'page',
      titleField: 'title',
      fields: [{ name: 'title', type: 'text', required: true }],
    })
    const page = await cms.content.create({ type: 'page', data: { title: 'One' } })
    const live = await cms.content.publish(page.id)
    expect(live.status).toBe('published')
    const pending = await cms.content.update(page.id, { data: { title: 'Two' } }, { draft: true })
    expect(pending.hasPendingDraft).toBe(true)
    expect((await reader.content.get(page.id)).data).toEqual({ title: 'One' })
    expect((await cms.content.get(page.id, { draft: true })).data).toEqual({ title: 'Two' })
    const discarded = await cms.content.discardDraft(page.id)
    expect(discarded.hasPendingDraft).toBe(false)

    const stale = await cms.content
      .update(page.id, { data: { title: 'Three' } }, {}, { ifMatch: 1 })
      .catch((error: unknown) => error)
    expect(stale).toMatchObject({ status: 412, code: 'PRECONDITION_FAILED' })
    const current = await cms.content.get(page.id)
    const changed = await cms.content.update(
      page.id,
      { data: { title: 'Three' } },
      {},
      { ifMatch: current.version },
    )
    expect(changed.data).toEqual({ title: 'Three' })

    const at = new Date(Date.now() + 3_600_000).toISOString()
    const schedule = await cms.content.schedule(page.id, { action: 'unpublish', at })
    expect(schedule).toMatchObject({ documentId: page.id, action: 'unpublish' })
    expect((await cms.content.schedules(page.id)).docs.map((s) => s.id)).toEqual([schedule.id])
    await cms.content.cancelSchedule(page.id, schedule.id)
    expect((await cms.content.schedules(page.id)).docs).toEqual([])

    const versions = await cms.content.versions(page.id, { limit: 100 })
    expect(versions.docs[0]!.version).toBeGreaterThan(versions.docs.at(-1)!.version)
    const restored = await cms.content.restore(page.id, 1)
    expect(restored).toMatchObject({ status: 'published', data: { title: 'One' } })
    await cms.content.update(page.id, { data: { title: 'Pending' } }, { draft: true })
    const refused = await cms.content.restore(page.id, 1).catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 409 })
    const overDraft = await cms.content.restore(page.id, 1, { discardDraft: true })
    expect(overDraft).toMatchObject({ hasPendingDraft: false, data: { title: 'One' } })
    const unpublished = await cms.content.unpublish(page.id)
    expect(unpublished.publishedAt).toBeNull()
    await cms.content.delete(page.id)
    await expect(cms.content.get(page.id, { draft: true })).rejects.toMatchObject({ status: 404 })
  })
})

describe('@cms/client on Node against the gateway: media and webhooks', () => {
  it('when a file is uploaded, listed, read, changed and deleted, then each call answers the media record', async () => {
    // The smallest GIF: the type is sniffed from these bytes.
    const gif = Uint8Array.from(
      atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
      (c) => c.charCodeAt(0),
    )
    const file = await cms.media.upload({
      file: new Blob([gif], { type: 'application/octet-stream' }),
      filename: 'dot.gif',
      alt: 'a dot',
    })
    expect(file).toMatchObject({
      filename: 'dot.gif',
      mimeType: 'image/gif',
      alt: 'a dot',
      width: 1,
    })
    const listed = await reader.media.list({ filters: { mimeType: { $eq: 'image/gif' } } })
    expect(listed.docs.map((media) => media.id)).toEqual([file.id])
    expect((await reader.media.get(file.id)).sha256).toBe(file.sha256)
    const changed = await cms.media.update(file.id, { alt: null, caption: 'Dot' })
    expect(changed).toMatchObject({ alt: null, caption: 'Dot' })
    await cms.media.delete(file.id)
    await expect(reader.media.get(file.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('when a webhook is created, pinged, its deliveries listed and redelivered, then each call answers as the API says', async () => {
    const received: unknown[] = []
    const server = await import('node:http').then(({ createServer }) =>
      createServer((request, response) => {
        received.push(request.url)
        request.resume()
        response.end('ok')
      }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const port = (server.address() as { port: number }).port
    try {
      const hook = await cms.webhooks.create({
        name: 'ping target',
        url: `http://127.0.0.1:${port}/hook`,
        secret: 'shh',
        events: ['entry.publish'],
      })
      expect(hook).toMatchObject({ hasSecret: true, events: ['entry.publish'] })
      expect(hook).not.toHaveProperty('secret')
      expect((await cms.webhooks.list()).docs.map((h) => h.id)).toContain(hook.id)
      const renamed = await cms.webhooks.update(hook.id, { name: 'renamed' })
      expect((await cms.webhooks.get(hook.id)).name).toBe(renamed.name)
      const ping = await cms.webhooks.test(hook.id)
      const delivered = await waitFor(async () => {
        const page = await cms.webhooks.deliveries(hook.id)
        return page.docs.find((d) => d.id === ping.id && d.status === 'succeeded')
      })
      const again = await cms.webhooks.redeliver(hook.id, delivered.id)
      expect(again.id).not.toBe(delivered.id)
      expect((await cms.webhooks.delivery(hook.id, again.id)).redeliveryOf).toBe(delivered.id)
      await waitFor(() => received.length >= 2 || undefined)
      await cms.webhooks.delete(hook.id)
      await expect(cms.webhooks.get(hook.id)).rejects.toMatchObject({ status: 404 })
    } finally {
      server.close()
    }
  })
})
