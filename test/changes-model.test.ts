import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openChangeStream, opened } from './changes-kit.ts'
import type { OpenStream, WireEvent } from './changes-kit.ts'
import { contentSite, expectStatus } from './content-fixtures.ts'
import type { ContentSite } from './content-fixtures.ts'

/** A seeded generator, so that a failing run can be repeated (the seed is in the title). */
function randomOf(seed: number) {
  let state = seed
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % below
  }
}

const SEED = 35
let site: ContentSite
const streams: OpenStream[] = []

beforeAll(async () => {
  site = await contentSite()
})
afterAll(() => {
  for (const stream of streams) stream.close()
})

/** The published articles as a full list shows them: id -> title. */
async function fullList(): Promise<Record<string, string>> {
  const list = await expectStatus(site.readApi('GET', '/api/content?type=article&limit=100'), 200)
  expect(list.body.hasNextPage).toBe(false)
  return Object.fromEntries(
    (list.body.docs as { id: string; data: { title: string } }[]).map((doc) => [
      doc.id,
      doc.data.title,
    ]),
  )
}

describe('the live stream against a model', () => {
  it(`changes: the stream's copy equals a full list — when random creates, updates, publishes, unpublishes, deletes and restores (seed ${SEED}) are written while a read key's stream reconnects every few changes with Last-Event-ID, then the copy its events build equals the published list, and no seq comes twice`, async () => {
    const random = randomOf(SEED)
    const ids: string[] = []
    const received: WireEvent[][] = []
    let stream = await opened(openChangeStream(site.readKey))
    streams.push(stream)
    for (let step = 0; step < 60; step++) {
      const id = ids[random(Math.max(ids.length, 1))]
      const action = ids.length === 0 ? 0 : random(6)
      const title = `step ${step}`
      // Every seventh change is written while the stream is away.
      const away = step % 7 === 6
      if (away) {
        stream.close()
        received.push(stream.events())
      }
      if (action === 0) {
        const created = await site.createArticle({ title })
        ids.push(created.id)
      } else if (action === 1)
        await site.api('PATCH', `/api/content/${id}`, { body: { data: { title } } })
      else if (action === 2) await site.api('POST', `/api/content/${id}/publish`)
      else if (action === 3) await site.api('POST', `/api/content/${id}/unpublish`)
      else if (action === 4) await site.api('DELETE', `/api/content/${id}`)
      else await site.api('POST', `/api/content/${id}/restore/1`)
      if (away) {
        const last = received.flat().at(-1)?.id
        stream = await opened(
          openChangeStream(site.readKey, last === undefined ? {} : { lastEventId: last }),
        )
        streams.push(stream)
      }
    }
    const marker = await site.createArticle({ title: 'marker' })
    await expectStatus(site.api('POST', `/api/content/${marker.id}/publish`), 200)
    await stream.waitForEvents(1)
    const seen = () => stream.events().some((event) => event.data.documentId === marker.id)
    while (!seen()) await stream.waitForEvents(stream.events().length + 1)
    received.push(stream.events())

    const events = received.flat()
    const seqs = events.map((event) => event.data.seq)
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b))
    const copy: Record<string, string> = {}
    for (const { data } of events) {
      if (data.deleted) {
        delete copy[data.documentId]
        continue
      }
      const read = await site.readApi('GET', `/api/content/${data.documentId}`)
      if (read.status === 404) delete copy[data.documentId]
      else copy[data.documentId] = (await expectStatus(read, 200)).body.data.title
    }
    const list = await fullList()
    expect(Object.keys(list).length).toBeGreaterThan(1)
    expect(copy).toEqual(list)
  }, 240_000)
})
