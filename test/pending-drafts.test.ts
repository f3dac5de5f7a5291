import { beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'

let site: TestWebsite

beforeAll(async () => {
  site = await createTestWebsite()
  const type = await site.api('POST', '/api/content-types', {
    body: {
      name: 'note',
      titleField: 'title',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'text' },
        { name: 'old', type: 'text' },
      ],
    },
  })
  expect(type.status).toBe(201)
})

async function publishedNote(data: Record<string, unknown> = { title: 'Live', body: 'live' }) {
  const created = await site.api('POST', '/api/content', { body: { type: 'note', data } })
  expect(created.status).toBe(201)
  const id = created.body.id as string
  expect((await site.api('POST', `/api/content/${id}/publish`)).status).toBe(200)
  return id
}

const saveDraft = (id: string, data: object) =>
  site.api('PATCH', `/api/content/${id}?draft=true`, { body: { data } })

describe('pending drafts of published documents', () => {
  it('drafts: a pending draft leaves the live document alone — when a published note is edited with draft=true, then read keys and the cached list keep the live state until publish, and draft reads see the draft', async () => {
    const id = await publishedNote()
    // Warm the gateway's read cache with the live answers first.
    expect((await site.readApi('GET', `/api/content/${id}`)).body.data.title).toBe('Live')
    await site.readApi('GET', '/api/content?type=note')

    const saved = await saveDraft(id, { title: 'Next' })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      status: 'published',
      hasPendingDraft: true,
      data: { title: 'Next', body: 'live' },
    })

    const live = await site.readApi('GET', `/api/content/${id}`)
    expect(live.body).toMatchObject({ hasPendingDraft: true, data: { title: 'Live' } })
    const listed = await site.readApi('GET', `/api/content?type=note&filters[id][$eq]=${id}`)
    expect(listed.body.docs[0].data.title).toBe('Live')
    const drafted = await site.api('GET', `/api/content/${id}?draft=true`)
    expect(drafted.body.data.title).toBe('Next')
    const draftList = await site.api('GET', `/api/content?type=note&draft=true&fields=title`)
    expect(draftList.body.docs.find((doc: { id: string }) => doc.id === id).data).toEqual({
      title: 'Next',
    })

    const published = await site.api('POST', `/api/content/${id}/publish`)
    expect(published.body).toMatchObject({ hasPendingDraft: false, data: { title: 'Next' } })
    expect((await site.readApi('GET', `/api/content/${id}`)).body.data.title).toBe('Next')
  })

  it('drafts: versions and events of pending drafts — when a draft is saved, discarded and published, then versions say draft and the events carry draft: true', async () => {
    const receiver = await startReceiver()
    try {
      const hook = await site.api('POST', '/api/webhooks', {
        body: { name: 'drafts', url: receiver.url, events: ['entry.update', 'entry.publish'] },
      })
      expect(hook.status).toBe(201)
      const id = await publishedNote()
      await saveDraft(id, { title: 'Draft 1' })
      const discarded = await site.api('DELETE', `/api/content/${id}/draft`)
      expect(discarded.status).toBe(200)
      expect(discarded.body).toMatchObject({ hasPendingDraft: false, data: { title: 'Live' } })
      await saveDraft(id, { title: 'Draft 2' })
      await site.api('POST', `/api/content/${id}/publish`)

      const versions = await site.api('GET', `/api/content/${id}/versions`)
      expect(versions.body.docs.map((v: { reason: string }) => v.reason)).toEqual([
        'publish',
        'draft',
        'draft',
        'draft',
        'publish',
        'create',
      ])
      expect(versions.body.docs[1].data.title).toBe('Draft 2')

      // Two publishes (the first live state, then the promoted draft) and three draft updates.
      // At least once: a delivery retried under load arrives again with the same webhook id.
      const distinct = () => {
        const byDelivery = new Map(
          receiver.requests.map((request) => [request.headers['x-webhook-id'], request.json()]),
        )
        return [...byDelivery.values()].filter((body) => body.document?.id === id)
      }
      const mine = await waitFor(() => (distinct().length >= 5 ? distinct() : undefined), {
        timeoutMs: 30_000,
        what: 'the five deliveries of the document',
      })
      const updates = mine.filter((body) => body.event === 'entry.update')
      expect(updates.map((body) => `${body.draft} ${body.document.data.title}`).sort()).toEqual([
        'true Draft 1',
        'true Draft 2',
        'true Live',
      ])
      const publishes = mine.filter((body) => body.event === 'entry.publish')
      expect(publishes.map((body) => body.document.data.title).sort()).toEqual(['Draft 2', 'Live'])
      for (const body of publishes) expect(body).not.toHaveProperty('draft')
      await site.api('DELETE', `/api/webhooks/${hook.body.id}`)
    } finally {
      await receiver.close()
    }
  })

  it('drafts: a live PATCH does not drop a pending draft silently — when a draft is pending, then a PATCH without draft=true is 409 and changes nothing, and discardDraft=true drops it', async () => {
    const id = await publishedNote()
    await saveDraft(id, { title: 'Pending' })
    const refused = await site.api('PATCH', `/api/content/${id}`, { body: { data: { body: 'x' } } })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('CONFLICT')
    const after = await site.api('GET', `/api/content/${id}?draft=true`)
    expect(after.body).toMatchObject({ hasPendingDraft: true, data: { title: 'Pending' } })
    const forced = await site.api('PATCH', `/api/content/${id}?discardDraft=true`, {
      body: { data: { body: 'x' } },
    })
    expect(forced.status).toBe(200)
    expect(forced.body).toMatchObject({
      hasPendingDraft: false,
      data: { title: 'Live', body: 'x' },
    })
  })

  it('drafts: draft=true on a draft edits it — when the note was never published, then PATCH draft=true is an ordinary edit', async () => {
    const created = await site.api('POST', '/api/content', {
      body: { type: 'note', data: { title: 'Draft only' } },
    })
    const edited = await saveDraft(created.body.id, { title: 'Edited' })
    expect(edited.body).toMatchObject({ status: 'draft', hasPendingDraft: false })
    expect(edited.body.data.title).toBe('Edited')
  })

  it.each([
    ['discarding a draft that does not exist', 'DELETE', 'draft', undefined, 404],
    ['a slug in a pending draft', 'PATCH', '?draft=true', { slug: 'new-slug' }, 422],
    ['an invalid value in a pending draft', 'PATCH', '?draft=true', { data: { title: 5 } }, 422],
  ])(
    'drafts: bad draft requests change nothing — when the request is %s, then it is a 4xx and the document is unchanged',
    async (_, method, suffix, body, status) => {
      const id = await publishedNote()
      const before = await site.api('GET', `/api/content/${id}?draft=true`)
      const path = suffix.startsWith('?')
        ? `/api/content/${id}${suffix}`
        : `/api/content/${id}/${suffix}`
      const response = await site.api(method, path, body ? { body } : {})
      expect(response.status).toBe(status)
      expect(response.body.error.code).toBeDefined()
      expect((await site.api('GET', `/api/content/${id}?draft=true`)).body).toEqual(before.body)
    },
  )
})

describe('fields removed from a type', () => {
  it('drafts: a removed field never blocks a write — when the type drops a field, then the next PATCH of an older document succeeds and drops its value', async () => {
    const typeName = `stale${Date.now().toString(36)}`
    await site.api('POST', '/api/content-types', {
      body: {
        name: typeName,
        fields: [
          { name: 'title', type: 'text' },
          { name: 'old', type: 'text' },
        ],
      },
    })
    const created = await site.api('POST', '/api/content', {
      body: { type: typeName, data: { title: 'T', old: 'gone soon' } },
    })
    const id = created.body.id as string
    const patched = await site.api('PATCH', `/api/content-types/${typeName}`, {
      body: { fields: [{ name: 'title', type: 'text' }] },
    })
    expect(patched.status).toBe(200)
    const edited = await site.api('PATCH', `/api/content/${id}`, {
      body: { data: { title: 'T2' } },
    })
    expect(edited.status).toBe(200)
    expect(edited.body.data).toEqual({ title: 'T2' })
    const versions = await site.api('GET', `/api/content/${id}/versions`)
    expect(versions.body.docs[0].data).toEqual({ title: 'T2' })
    const sendingIt = await site.api('PATCH', `/api/content/${id}`, {
      body: { data: { old: 'x' } },
    })
    expect(sendingIt.status).toBe(422)
  })
})
