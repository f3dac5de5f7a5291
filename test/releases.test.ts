import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { defineType } from './content-fixtures.ts'
import { createRole, issueKey } from './permissions-kit.ts'
import { draftOf, pageType, reasonsOf, releaseOf } from './releases-kit.ts'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'

let site: TestWebsite
let receiver: Receiver

beforeAll(async () => {
  site = await createTestWebsite()
  await defineType(site.api, pageType('page'))
  await defineType(site.api, pageType('post'))
  receiver = await startReceiver()
  const hook = await site.api('POST', '/api/webhooks', {
    body: {
      name: 'releases',
      url: `${receiver.url}/hook`,
      events: ['release.publish', 'entry.publish', 'entry.unpublish'],
    },
  })
  expect(hook.status, hook.text).toBe(201)
}, 60_000)

afterAll(async () => {
  await receiver?.close()
})

/** The bodies of the receiver's `release.publish` deliveries for `releaseId`, one per delivery. */
const releaseEvents = (releaseId: string) => {
  const byEvent = new Map<string, any>()
  for (const request of receiver.requests) {
    const body = request.json()
    if (body.event === 'release.publish' && body.release?.id === releaseId)
      byEvent.set(String(request.headers['x-webhook-id']), body)
  }
  return [...byEvent.values()]
}

const publicTitles = async (type: string) => {
  const listed = await site.readApi('GET', `/api/content?type=${type}&pagination[pageSize]=100`)
  expect(listed.status, listed.text).toBe(200)
  return (listed.body.docs as Array<{ data: { title: string } }>)
    .map((doc) => doc.data.title)
    .sort()
}

describe('releases', () => {
  it('releases: a release applies its entries together — when a release of two drafts to publish and a published page to unpublish is published, then it answers published with each entry typed, each document has one publish or unpublish version, and the public list shows exactly the release', async () => {
    const first = await draftOf(site.api, 'page', 'R1 first')
    const second = await draftOf(site.api, 'post', 'R1 second')
    const live = await draftOf(site.api, 'page', 'R1 live')
    expect((await site.api('POST', `/api/content/${live}/publish`)).status).toBe(200)

    const release = await releaseOf(site.api, 'Campaign', [
      { documentId: first, action: 'publish' },
      { documentId: second, action: 'publish' },
      { documentId: live, action: 'unpublish' },
    ])
    expect(release).toMatchObject({
      state: 'open',
      name: 'Campaign',
      entries: [
        { documentId: first, type: 'page', action: 'publish' },
        { documentId: second, type: 'post', action: 'publish' },
        { documentId: live, type: 'page', action: 'unpublish' },
      ],
    })
    const shown = await site.api('GET', `/api/releases/${release.id}`)
    expect(shown.body).toEqual(release)
    const listed = await site.api('GET', '/api/releases')
    expect(listed.body.docs.map((item: { id: string }) => item.id)).toContain(release.id)

    const published = await site.api('POST', `/api/releases/${release.id}/publish`)
    expect(published.status, published.text).toBe(200)
    expect(published.body).toMatchObject({ id: release.id, state: 'published' })
    expect(typeof published.body.publishedAt).toBe('string')

    expect(await reasonsOf(site.api, first)).toEqual(['create', 'publish'])
    expect(await reasonsOf(site.api, second)).toEqual(['create', 'publish'])
    expect(await reasonsOf(site.api, live)).toEqual(['create', 'publish', 'unpublish'])
    expect(await publicTitles('page')).toEqual(['R1 first'])
    expect(await publicTitles('post')).toEqual(['R1 second'])

    // One audit entry per document change (the relay appends them), and the release's own.
    const actionsOf = async (target: string, count: number) =>
      waitFor(
        async () => {
          const entries = await site.api('GET', `/api/audit?target=${target}&order=asc&limit=100`)
          const actions = (entries.body.docs as Array<{ action: string }>).map((e) => e.action)
          return actions.length >= count ? actions : undefined
        },
        { what: `the audit entries of ${target}`, timeoutMs: 30_000 },
      )
    expect(await actionsOf(first, 2)).toEqual(['document.create', 'document.publish'])
    expect(await actionsOf(live, 3)).toEqual([
      'document.create',
      'document.publish',
      'document.unpublish',
    ])
    expect(await actionsOf(release.id, 2)).toEqual(['release.create', 'release.publish'])

    // A second publish changes nothing: a published release is done.
    const again = await site.api('POST', `/api/releases/${release.id}/publish`)
    expect(again.status).toBe(409)
  })

  it('releases: one release.publish event lists its documents — when a release of a publish and an unpublish is published, then a webhook subscribed to release.publish gets one event naming the release and each document with its type, action and version, besides the entries own events', async () => {
    const fresh = await draftOf(site.api, 'page', 'E fresh')
    const old = await draftOf(site.api, 'post', 'E old')
    expect((await site.api('POST', `/api/content/${old}/publish`)).status).toBe(200)
    const release = await releaseOf(site.api, 'Events', [
      { documentId: fresh, action: 'publish' },
      { documentId: old, action: 'unpublish' },
    ])
    expect((await site.api('POST', `/api/releases/${release.id}/publish`)).status).toBe(200)

    const [event] = await waitFor(
      () => (releaseEvents(release.id).length > 0 ? releaseEvents(release.id) : undefined),
      { what: 'the release.publish delivery', timeoutMs: 30_000 },
    )
    expect(event).toMatchObject({
      event: 'release.publish',
      websiteId: site.websiteId,
      release: { id: release.id, name: 'Events' },
      documents: [
        { id: fresh, type: 'page', action: 'publish', version: 2 },
        { id: old, type: 'post', action: 'unpublish', version: 3 },
      ],
    })
    await waitFor(
      () => {
        const names = receiver.requests
          .map((request) => request.json())
          .filter((body) => body.document?.id === fresh || body.document?.id === old)
          .map((body) => `${body.document.id}:${body.event}`)
        return names.includes(`${fresh}:entry.publish`) && names.includes(`${old}:entry.unpublish`)
          ? names
          : undefined
      },
      { what: 'the entries own events', timeoutMs: 30_000 },
    )
  })

  it('releases: a failing entry blocks the whole release — when one entry no longer fits its type, then publish is 422 naming entries[i].data.title, the release stays open and no document changed, and scheduled it becomes failed with that error', async () => {
    await defineType(site.api, pageType('note'))
    const good = await draftOf(site.api, 'note', 'Fine')
    const bad = await draftOf(site.api, 'note', 'x'.repeat(30))
    const release = await releaseOf(site.api, 'Blocked', [
      { documentId: good, action: 'publish' },
      { documentId: bad, action: 'publish' },
    ])
    const changed = await site.api('PATCH', '/api/content-types/note', {
      body: {
        fields: [
          { name: 'title', type: 'text', required: true, maxLength: 20 },
          { name: 'body', type: 'text' },
        ],
      },
    })
    expect(changed.status, changed.text).toBe(200)
    // The writer's copy of the type follows the change (a too long title is refused).
    await waitFor(
      async () => {
        const tried = await site.api('POST', '/api/content', {
          body: { type: 'note', data: { title: 'y'.repeat(30) } },
        })
        return tried.status === 422 ? tried : undefined
      },
      { what: 'the new type at the writer', timeoutMs: 30_000 },
    )

    const refused = await site.api('POST', `/api/releases/${release.id}/publish`)
    expect(refused.status, refused.text).toBe(422)
    expect(refused.body.error.code).toBe('VALIDATION_ERROR')
    expect(refused.body.error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'entries[1].data.title',
    ])
    expect((await site.api('GET', `/api/releases/${release.id}`)).body.state).toBe('open')
    expect(await reasonsOf(site.api, good)).toEqual(['create'])
    expect(await reasonsOf(site.api, bad)).toEqual(['create'])
    expect(await publicTitles('note')).toEqual([])

    // Scheduled, the same check at its time makes it failed, with the 422's error.
    const scheduled = await site.api('POST', `/api/releases/${release.id}/schedule`, {
      body: { at: new Date(Date.now() + 2_000).toISOString() },
    })
    expect(scheduled.status, scheduled.text).toBe(200)
    const failed = await waitFor(
      async () => {
        const shown = await site.api('GET', `/api/releases/${release.id}`)
        return shown.body.state === 'failed' ? shown.body : undefined
      },
      { what: 'the scheduled release failed', timeoutMs: 60_000 },
    )
    expect(failed.error).toMatchObject({ code: 'VALIDATION_ERROR' })
    expect(failed.error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'entries[1].data.title',
    ])
    expect(await reasonsOf(site.api, good)).toEqual(['create'])
  }, 120_000)

  it('releases: a named version is what a publish makes live — when an entry names version 1 of a document edited since, then the release publishes version 1s data', async () => {
    const id = await draftOf(site.api, 'page', 'V one')
    const edited = await site.api('PATCH', `/api/content/${id}`, {
      body: { data: { title: 'V two' } },
    })
    expect(edited.status).toBe(200)
    const release = await releaseOf(site.api, 'Versions', [
      { documentId: id, action: 'publish', version: 1 },
    ])
    expect(release.entries).toEqual([
      { documentId: id, type: 'page', action: 'publish', version: 1 },
    ])
    expect((await site.api('POST', `/api/releases/${release.id}/publish`)).status).toBe(200)
    const live = await site.readApi('GET', `/api/content/${id}`)
    expect(live.status).toBe(200)
    expect(live.body.data.title).toBe('V one')
    expect(await reasonsOf(site.api, id)).toEqual(['create', 'update', 'restore', 'publish'])
  })

  it('releases: unknown documents, versions and releases are 404 — when an entry names a missing document or version, or a release id is unknown or malformed, then 404 and nothing is stored', async () => {
    const id = await draftOf(site.api, 'page', 'Missing parts')
    const before = (await site.api('GET', '/api/releases?limit=100')).body.totalDocs
    const noDocument = await site.api('POST', '/api/releases', {
      body: {
        name: 'x',
        entries: [{ documentId: '00000000-0000-4000-8000-000000000000', action: 'publish' }],
      },
    })
    expect(noDocument.status).toBe(404)
    expect(noDocument.body.error.code).toBe('NOT_FOUND')
    const noVersion = await site.api('POST', '/api/releases', {
      body: { name: 'x', entries: [{ documentId: id, action: 'publish', version: 7 }] },
    })
    expect(noVersion.status).toBe(404)
    expect(noVersion.body.error.message).toContain('No version 7')
    expect((await site.api('GET', '/api/releases?limit=100')).body.totalDocs).toBe(before)
    for (const path of [
      '/api/releases/00000000-0000-4000-8000-000000000000',
      '/api/releases/not-an-id',
    ]) {
      const missing = await site.api('GET', path)
      expect(missing.status, path).toBe(404)
      expect((await site.api('POST', `${path}/publish`)).status, path).toBe(404)
    }
  })

  it('releases: bad releases are 422 — when the name is missing, an entry repeats a document, names a version on an unpublish or has an unknown member, or a schedule is in the past, then 422 names each problem', async () => {
    const id = await draftOf(site.api, 'page', 'Bad input')
    const noName = await site.api('POST', '/api/releases', { body: { entries: [] } })
    expect(noName.status).toBe(422)
    const repeated = await site.api('POST', '/api/releases', {
      body: {
        name: 'twice',
        entries: [
          { documentId: id, action: 'publish' },
          { documentId: id, action: 'unpublish', version: 1 },
        ],
      },
    })
    expect(repeated.status).toBe(422)
    expect(repeated.body.error.details.map((detail: { path: string }) => detail.path)).toEqual([
      'entries[1].documentId',
      'entries[1].version',
    ])
    const unknown = await site.api('POST', '/api/releases', {
      body: { name: 'x', entries: [{ documentId: id, action: 'archive' }] },
    })
    expect(unknown.status).toBe(422)
    const release = await releaseOf(site.api, 'Later', [{ documentId: id, action: 'publish' }])
    const past = await site.api('POST', `/api/releases/${release.id}/schedule`, {
      body: { at: '2001-01-01T00:00:00Z' },
    })
    expect(past.status).toBe(422)
    expect(past.body.error.details).toEqual([{ path: 'at', message: 'must be in the future' }])
  })

  it('releases: a published release cannot be changed — when a published release is patched, deleted or scheduled, then 409, while an open one is renamed, its entries replaced and deleted', async () => {
    const a = await draftOf(site.api, 'page', 'Edit a')
    const b = await draftOf(site.api, 'page', 'Edit b')
    const open = await releaseOf(site.api, 'Open', [{ documentId: a, action: 'publish' }])
    const patched = await site.api('PATCH', `/api/releases/${open.id}`, {
      body: { name: 'Renamed', entries: [{ documentId: b, action: 'publish' }] },
    })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body).toMatchObject({
      name: 'Renamed',
      entries: [{ documentId: b, type: 'page', action: 'publish' }],
    })
    expect((await site.api('DELETE', `/api/releases/${open.id}`)).status).toBe(204)
    expect((await site.api('GET', `/api/releases/${open.id}`)).status).toBe(404)

    const done = await releaseOf(site.api, 'Done', [{ documentId: a, action: 'publish' }])
    expect((await site.api('POST', `/api/releases/${done.id}/publish`)).status).toBe(200)
    const tries = [
      await site.api('PATCH', `/api/releases/${done.id}`, { body: { name: 'Later' } }),
      await site.api('DELETE', `/api/releases/${done.id}`),
      await site.api('POST', `/api/releases/${done.id}/schedule`, {
        body: { at: new Date(Date.now() + 3_600_000).toISOString() },
      }),
    ]
    expect(tries.map((answer) => [answer.status, answer.body.error.code])).toEqual([
      [409, 'CONFLICT'],
      [409, 'CONFLICT'],
      [409, 'CONFLICT'],
    ])
  })

  it('releases: a type the key may not publish is 404 — when a key that publishes pages only adds or publishes a post, then 404 as the single publish says, and a read key cannot read releases', async () => {
    await createRole(site.websiteId, 'page-publisher', {
      read: '*',
      readDrafts: '*',
      create: '*',
      update: '*',
      publish: ['page'],
    })
    const editor = await issueKey(site.websiteId, { role: 'page-publisher' })
    const post = await draftOf(site.api, 'post', 'Not yours')
    const page = await draftOf(site.api, 'page', 'Yours')
    const single = await editor.api('POST', `/api/content/${post}/publish`)
    expect(single.status).toBe(404)
    const adding = await editor.api('POST', '/api/releases', {
      body: { name: 'Mine', entries: [{ documentId: post, action: 'publish' }] },
    })
    expect(adding.status).toBe(404)
    expect(adding.body.error.message).toBe(single.body.error.message)

    // Made by a key that may publish both: the page-only key may not publish it.
    const mixed = await releaseOf(site.api, 'Mixed', [
      { documentId: page, action: 'publish' },
      { documentId: post, action: 'publish' },
    ])
    const publishing = await editor.api('POST', `/api/releases/${mixed.id}/publish`)
    expect(publishing.status).toBe(404)
    expect(await reasonsOf(site.api, page)).toEqual(['create'])
    expect((await site.readApi('GET', `/api/releases/${mixed.id}`)).status).toBe(403)
  })

  it('releases: a scheduled release is published once at its time — when a release is scheduled a few seconds ahead, then it shows scheduled, is published by the writer once (one publish version per document, one release.publish event), and a cancelled schedule leaves a release open', async () => {
    const ids = [await draftOf(site.api, 'page', 'S one'), await draftOf(site.api, 'post', 'S two')]
    const cancelled = await releaseOf(site.api, 'Cancelled', [
      { documentId: ids[0]!, action: 'publish' },
    ])
    const at = new Date(Date.now() + 3_000).toISOString()
    const set = await site.api('POST', `/api/releases/${cancelled.id}/schedule`, { body: { at } })
    expect(set.body).toMatchObject({ state: 'scheduled', scheduledAt: at })
    const unset = await site.api('DELETE', `/api/releases/${cancelled.id}/schedule`)
    expect(unset.status).toBe(200)
    expect(unset.body.state).toBe('open')
    expect(unset.body.scheduledAt).toBeUndefined()

    const release = await releaseOf(
      site.api,
      'Scheduled',
      ids.map((documentId) => ({ documentId, action: 'publish' as const })),
    )
    const scheduled = await site.api('POST', `/api/releases/${release.id}/schedule`, {
      body: { at: new Date(Date.now() + 3_000).toISOString() },
    })
    expect(scheduled.status, scheduled.text).toBe(200)
    expect(scheduled.body.state).toBe('scheduled')

    await waitFor(
      async () => {
        const shown = await site.api('GET', `/api/releases/${release.id}`)
        return shown.body.state === 'published' ? shown : undefined
      },
      { what: 'the scheduled release published', timeoutMs: 60_000 },
    )
    await waitFor(() => (releaseEvents(release.id).length > 0 ? true : undefined), {
      what: 'its release.publish event',
      timeoutMs: 30_000,
    })
    for (const id of ids) expect(await reasonsOf(site.api, id)).toEqual(['create', 'publish'])
    expect(releaseEvents(release.id)).toHaveLength(1)
    expect((await site.api('GET', `/api/releases/${cancelled.id}`)).body.state).toBe('open')
    expect(await reasonsOf(site.api, ids[0]!)).toEqual(['create', 'publish'])
  }, 120_000)
})
