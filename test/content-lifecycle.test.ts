import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSite, expectStatus, tapEntryEvents } from './content-fixtures.ts'
import type { ContentSite, EventTap } from './content-fixtures.ts'

/** Spec section 3 (states and transitions) with contract section 4's decisions, through the gateway. */
let site: ContentSite
let tap: EventTap

beforeAll(async () => {
  site = await contentSite()
  tap = await tapEntryEvents(site.websiteId)
})
afterAll(async () => {
  await tap?.close()
})

const versionsOf = async (id: string) =>
  (await expectStatus(site.api('GET', `/api/content/${id}/versions`), 200)).body

describe('create', () => {
  it('documents: create is 201; documents: the document shape; drafts: a new document is a draft; documents: authorId is the creating key — when a document is created, then it is a version-1 draft with publishedAt null, authored by the key, and entry.create is emitted', async () => {
    const response = await expectStatus(
      site.api('POST', '/api/content', {
        body: { type: 'article', data: { title: 'First post' } },
      }),
      201,
    )
    const document = response.body
    expect(document).toMatchObject({
      type: 'article',
      slug: 'first-post',
      status: 'draft',
      publishedAt: null,
      authorId: site.adminKeyId,
      data: { title: 'First post' },
      version: 1,
    })
    expect(document.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Date(document.createdAt).toISOString()).toBe(document.createdAt)
    expect(document.updatedAt).toBe(document.createdAt)
    expect(response.headers.get('etag')).toBe('"1"')

    const [event, ...more] = await tap.settle(document.id, 1)
    expect(more).toEqual([])
    expect(event).toMatchObject({
      event: 'entry.create',
      routingKey: 'entry.create',
      websiteId: site.websiteId,
      contentType: 'article',
    })
    expect(event!.document).toEqual(document)
    expect(event!.eventId).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('publish and unpublish', () => {
  it('drafts: publish sets publishedAt — when a draft is published, then it is published with publishedAt set, a new version, and entry.publish', async () => {
    const draft = await site.createArticle({ title: 'To publish' })
    const response = await expectStatus(site.api('POST', `/api/content/${draft.id}/publish`), 200)
    expect(response.body).toMatchObject({ id: draft.id, status: 'published', version: 2 })
    expect(Date.parse(response.body.publishedAt)).toBeGreaterThanOrEqual(
      Date.parse(draft.createdAt),
    )
    expect(response.headers.get('etag')).toBe('"2"')
    const events = await tap.settle(draft.id, 2)
    expect(events.map((event) => event.event)).toEqual(['entry.create', 'entry.publish'])
    expect(events[1]!.document).toEqual(response.body)
  })

  it('drafts: publishing twice changes nothing — when a published document is published again, then 200, nothing changes, no version and no event', async () => {
    const draft = await site.createArticle({ title: 'Twice published' })
    const first = await expectStatus(site.api('POST', `/api/content/${draft.id}/publish`), 200)
    const again = await expectStatus(site.api('POST', `/api/content/${draft.id}/publish`), 200)
    expect(again.body).toEqual(first.body)
    expect((await versionsOf(draft.id)).totalDocs).toBe(2)
    expect((await tap.settle(draft.id, 2)).map((event) => event.event)).toEqual([
      'entry.create',
      'entry.publish',
    ])
  })

  it('drafts: unpublish sets publishedAt to null — when a published document is unpublished, then it is a draft with publishedAt null, public reads lose it, and entry.unpublish', async () => {
    const draft = await site.createArticle({ title: 'Going back' })
    await expectStatus(site.api('POST', `/api/content/${draft.id}/publish`), 200)
    await expectStatus(site.readApi('GET', `/api/content/${draft.id}`), 200)
    const response = await expectStatus(site.api('POST', `/api/content/${draft.id}/unpublish`), 200)
    expect(response.body).toMatchObject({ status: 'draft', publishedAt: null, version: 3 })
    await expectStatus(site.readApi('GET', `/api/content/${draft.id}`), 404)
    await expectStatus(site.readApi('GET', `/api/content/by-slug/article/${draft.slug}`), 404)
    const list = await expectStatus(site.readApi('GET', '/api/content?type=article'), 200)
    expect(list.body.docs.map((doc: { id: string }) => doc.id)).not.toContain(draft.id)
    const events = await tap.settle(draft.id, 3)
    expect(events.map((event) => event.event)).toEqual([
      'entry.create',
      'entry.publish',
      'entry.unpublish',
    ])
  })

  it('drafts: unpublishing a draft changes nothing — when a draft is unpublished, then 200, nothing changes, no version and no event', async () => {
    const draft = await site.createArticle({ title: 'Never published' })
    const response = await expectStatus(site.api('POST', `/api/content/${draft.id}/unpublish`), 200)
    expect(response.body).toEqual(draft)
    expect((await versionsOf(draft.id)).totalDocs).toBe(1)
    expect((await tap.settle(draft.id, 1)).map((event) => event.event)).toEqual(['entry.create'])
  })
})

describe('update', () => {
  it.each(['draft', 'published'])(
    'documents: version counts changes — when a %s document is patched, then its status stays, the version grows and entry.update is emitted',
    async (status) => {
      const draft = await site.createArticle({ title: `Patch a ${status}` })
      if (status === 'published')
        await expectStatus(site.api('POST', `/api/content/${draft.id}/publish`), 200)
      const response = await expectStatus(
        site.api('PATCH', `/api/content/${draft.id}`, { body: { data: { body: 'more' } } }),
        200,
      )
      expect(response.body).toMatchObject({
        status,
        data: { title: `Patch a ${status}`, body: 'more' },
      })
      expect(response.body.version).toBe(status === 'published' ? 3 : 2)
      expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(draft.updatedAt))
      const events = await tap.settle(draft.id, status === 'published' ? 3 : 2)
      expect(events.at(-1)).toMatchObject({ event: 'entry.update', document: response.body })
    },
  )
})

describe('delete', () => {
  it('documents: delete is 204; versions: deleted with the document; events: entry.delete carries the last state — when a document is deleted, then 204, it and its versions are gone, and entry.delete carries its last state', async () => {
    const draft = await site.createArticle({ title: 'Short lived' })
    const published = (
      await expectStatus(site.api('POST', `/api/content/${draft.id}/publish`), 200)
    ).body
    const response = await expectStatus(site.api('DELETE', `/api/content/${draft.id}`), 204)
    expect(response.text).toBe('')
    await expectStatus(site.api('GET', `/api/content/${draft.id}?draft=true`), 404)
    await expectStatus(site.api('GET', `/api/content/${draft.id}/versions`), 404)
    await expectStatus(
      site.api('GET', `/api/content/by-slug/article/${draft.slug}?draft=true`),
      404,
    )
    await expectStatus(site.api('DELETE', `/api/content/${draft.id}`), 404)
    const events = await tap.settle(draft.id, 3)
    expect(events.map((event) => event.event)).toEqual([
      'entry.create',
      'entry.publish',
      'entry.delete',
    ])
    expect(events[2]!.document).toEqual(published)
  })

  it('when a document is deleted, then its slug is free for a new document', async () => {
    const first = await site.createArticle({ title: 'Reused slug' })
    await expectStatus(site.api('DELETE', `/api/content/${first.id}`), 204)
    const second = await site.createArticle({ title: 'Reused slug' })
    expect(second.slug).toBe('reused-slug')
  })
})

describe('every event once', () => {
  it('events: one event per change; versions: restore adds a version and emits entry.update — when a document goes through every change, then RabbitMQ carries exactly one event per change with distinct ids', async () => {
    const draft = await site.createArticle({ title: 'All the changes' })
    await expectStatus(
      site.api('PATCH', `/api/content/${draft.id}`, { body: { data: { body: 'b' } } }),
      200,
    )
    await expectStatus(site.api('POST', `/api/content/${draft.id}/publish`), 200)
    await expectStatus(site.api('POST', `/api/content/${draft.id}/publish`), 200)
    await expectStatus(site.api('POST', `/api/content/${draft.id}/unpublish`), 200)
    await expectStatus(site.api('POST', `/api/content/${draft.id}/unpublish`), 200)
    await expectStatus(site.api('POST', `/api/content/${draft.id}/restore/${draft.id}:1`), 200)
    await expectStatus(site.api('DELETE', `/api/content/${draft.id}`), 204)
    const events = await tap.settle(draft.id, 6, 1500)
    expect(events.map((event) => event.event)).toEqual([
      'entry.create',
      'entry.update',
      'entry.publish',
      'entry.unpublish',
      'entry.update',
      'entry.delete',
    ])
    expect(new Set(events.map((event) => event.eventId)).size).toBe(6)
    expect(events.slice(0, 5).map((event) => event.document.version)).toEqual([1, 2, 3, 4, 5])
  })
})
