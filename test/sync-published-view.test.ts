import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiCall } from '@cms/testkit'
import { openChangeStream, opened } from './changes-kit.ts'
import type { OpenStream, WireEvent } from './changes-kit.ts'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/**
 * What published readers (a read key: no draft access) are told of changes that do not touch
 * the published view: a pending draft saved over a published document, and the deletion of a
 * document they never saw (docs/sync.md, "Views").
 */
let site: ContentSite
const streams: OpenStream[] = []

beforeAll(async () => {
  site = await contentSite()
})
afterAll(() => {
  for (const stream of streams) stream.close()
})

const track = async (stream: ReturnType<typeof openChangeStream>) => {
  const open = await opened(stream)
  streams.push(open)
  return open
}
const write = (method: string, path: string, body?: unknown) =>
  expectStatus(
    site.api(method, path, body === undefined ? {} : { body }),
    method === 'DELETE' ? 204 : method === 'POST' && path === '/api/content' ? 201 : 200,
  )
const create = async (title: string) =>
  (await write('POST', '/api/content', { type: 'article', data: { title } })).body.id as string
const publishedMarker = async (title: string) => {
  const id = await create(title)
  await write('POST', `/api/content/${id}/publish`)
  return id
}

/** Events until the publish of `documentId` (a published marker: the stream has caught up). */
async function eventsThrough(stream: OpenStream, documentId: string): Promise<WireEvent[]> {
  const seen = () =>
    stream
      .events()
      .findIndex((event) => event.data.documentId === documentId && event.event === 'entry.publish')
  while (seen() === -1) await stream.waitForEvents(stream.events().length + 1)
  return stream.events().slice(0, seen() + 1)
}

const shape = (event: WireEvent) =>
  `${event.event} ${event.data.documentId}${event.data.deleted ? ' deleted' : ''}`

/** Follows a sync from `start` to its nextSyncToken: every item and deleted id, in order. */
async function syncFrom(api: ApiCall, start: string) {
  const items: any[] = []
  const deleted: string[] = []
  let path: string | undefined = start
  let token = ''
  while (path !== undefined) {
    const page: any = (await expectStatus(api('GET', path), 200)).body
    items.push(...page.items)
    deleted.push(...page.deleted)
    path = page.nextPageToken && `/api/sync?syncToken=${encodeURIComponent(page.nextPageToken)}`
    if (page.nextSyncToken) token = page.nextSyncToken
  }
  return { items, deleted, token }
}
const deltaFrom = (api: ApiCall, token: string) =>
  syncFrom(api, `/api/sync?syncToken=${encodeURIComponent(token)}`)

describe('the published view of sync and the live stream', () => {
  it("sync: a pending draft is not a published change — when a pending draft is saved over a published document, then a read key's stream is not told (a draft stream is, as entry.update), and its sync item keeps the live data", async () => {
    const live = await publishedMarker('Live title')
    const { token } = await syncFrom(site.readApi, '/api/sync?initial=true')
    const published = await track(openChangeStream(site.readKey))
    const drafts = await track(openChangeStream(site.adminKey, { query: '?draft=true' }))
    await write('PATCH', `/api/content/${live}?draft=true`, { data: { title: 'Draft title' } })
    const marker = await publishedMarker('Marker')

    expect((await eventsThrough(published, marker)).map(shape)).toEqual([`entry.publish ${marker}`])
    expect((await eventsThrough(drafts, marker)).map(shape)).toEqual([
      `entry.update ${live}`,
      `entry.create ${marker}`,
      `entry.publish ${marker}`,
    ])
    // Sync keeps the copy equal to a list, which shows the new version and hasPendingDraft.
    const delta = await deltaFrom(site.readApi, token)
    const item = delta.items.find((doc) => doc.id === live)
    expect(item).toMatchObject({ data: { title: 'Live title' }, hasPendingDraft: true })
    const listed = await expectStatus(site.readApi('GET', `/api/content/${live}`), 200)
    expect(item.version).toBe(listed.body.version)
  })

  it('sync: deletions only of what published readers saw — when documents that were never published are edited and deleted, and a published one is unpublished and then deleted, then neither the live stream nor its replay nor a delta sync of a read key names the never-published ones, and the unpublish is the one deletion; the draft view has every deletion', async () => {
    const published = await track(openChangeStream(site.readKey))
    const start = await publishedMarker('Start')
    const startSeq = (await eventsThrough(published, start)).at(-1)!.id
    const { token } = await syncFrom(site.readApi, '/api/sync?initial=true')
    const draftToken = (await syncFrom(site.api, '/api/sync?initial=true&draft=true')).token

    const draft = await create('Never published')
    await write('PATCH', `/api/content/${draft}`, { data: { title: 'Still a draft' } })
    await write('DELETE', `/api/content/${draft}`)
    const shown = await publishedMarker('Shown then gone')
    await write('POST', `/api/content/${shown}/unpublish`)
    await write('DELETE', `/api/content/${shown}`)
    const marker = await publishedMarker('Marker')

    const expected = [
      `entry.publish ${start}`,
      `entry.publish ${shown}`,
      `entry.unpublish ${shown} deleted`,
      `entry.publish ${marker}`,
    ]
    expect((await eventsThrough(published, marker)).map(shape)).toEqual(expected)
    // A replay reads the log after the document is gone: each of its changes is a deletion.
    const replay = await track(openChangeStream(site.readKey, { lastEventId: startSeq }))
    expect((await eventsThrough(replay, marker)).map(shape)).toEqual([
      `entry.publish ${shown} deleted`,
      `entry.unpublish ${shown} deleted`,
      `entry.publish ${marker}`,
    ])

    const delta = await deltaFrom(site.readApi, token)
    expect(delta.deleted).toEqual([shown])
    expect(delta.items.map((doc) => doc.id)).toEqual([marker])
    const draftDelta = await deltaFrom(site.api, draftToken)
    expect(draftDelta.deleted.sort()).toEqual([draft, shown].sort())
  })

  it('sync: deletions only of what published readers saw — when a document the copy holds as published is unpublished and then deleted before the next delta, then that delta names it deleted', async () => {
    const held = await publishedMarker('Held by the copy')
    const { token } = await syncFrom(site.readApi, '/api/sync?initial=true')
    await write('POST', `/api/content/${held}/unpublish`)
    await write('DELETE', `/api/content/${held}`)
    const delta = await deltaFrom(site.readApi, token)
    expect(delta.deleted).toEqual([held])
    expect(delta.items).toEqual([])
  })
})
