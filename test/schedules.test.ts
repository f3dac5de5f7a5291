import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestWebsite, waitFor } from '@cms/testkit'
import type { TestWebsite } from '@cms/testkit'
import { startReceiver } from '../services/webhook/test/support/receiver.ts'
import type { Receiver } from '../services/webhook/test/support/receiver.ts'

let site: TestWebsite
let receiver: Receiver

beforeAll(async () => {
  site = await createTestWebsite()
  receiver = await startReceiver()
  const type = await site.api('POST', '/api/content-types', {
    body: { name: 'note', titleField: 'title', fields: [{ name: 'title', type: 'text' }] },
  })
  expect(type.status).toBe(201)
  const hook = await site.api('POST', '/api/webhooks', {
    body: { name: 'schedules', url: receiver.url, events: ['entry.publish', 'entry.unpublish'] },
  })
  expect(hook.status).toBe(201)
})

afterAll(async () => {
  await receiver?.close()
})

async function note(title: string) {
  const created = await site.api('POST', '/api/content', {
    body: { type: 'note', data: { title } },
  })
  expect(created.status).toBe(201)
  return created.body.id as string
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString()
/** Sleeps until `margin` ms after an ISO time, so a check after it never races a loaded machine. */
const pastTime = (at: string, margin: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(at) - Date.now()) + margin))
const schedule = (id: string, body: object) =>
  site.api('POST', `/api/content/${id}/schedule`, { body })
const eventsOf = (id: string, event: string) =>
  receiver.requests
    .map((request) => request.json())
    .filter((body) => body.document?.id === id && body.event === event)

// One after another: side by side, the other tests' schedules fall due beside the one whose
// lateness the first test measures (it was 3.9 s late in a full run).
describe('scheduled publishing', () => {
  it('schedules: a schedule runs within 2 s of its time — when a publish is scheduled 8 s ahead, then the document shows it, is published within 2 s of the time, once, with the normal event', async () => {
    const id = await note('Soon')
    const at = inSeconds(8)
    const made = await schedule(id, { action: 'publish', at })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      id: expect.any(String),
      documentId: id,
      action: 'publish',
      at,
    })
    const shown = await site.api('GET', `/api/content/${id}?draft=true`)
    expect(shown.body).toMatchObject({
      status: 'draft',
      scheduledPublishAt: at,
      scheduledUnpublishAt: null,
    })

    const published = await waitFor(
      async () => {
        const read = await site.readApi('GET', `/api/content/${id}`)
        return read.status === 200 ? { at: Date.now(), body: read.body } : undefined
      },
      { timeoutMs: 15_000, intervalMs: 100, what: 'the scheduled publish' },
    )
    expect(published.at - new Date(at).getTime()).toBeLessThan(2000)
    expect(published.body.scheduledPublishAt).toBeNull()
    await waitFor(() => (eventsOf(id, 'entry.publish').length > 0 ? true : undefined))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(eventsOf(id, 'entry.publish')).toHaveLength(1)
    expect((await site.api('GET', `/api/content/${id}/schedule`)).body.docs).toEqual([])
  })

  it('schedules: a new schedule replaces the pending one; schedules: a schedule can be cancelled — when a publish is scheduled twice and cancelled, then one is listed, then none, and nothing happens at its time', async () => {
    const id = await note('Never')
    const first = await schedule(id, { action: 'publish', at: inSeconds(60) })
    const second = await schedule(id, { action: 'publish', at: inSeconds(6) })
    const listed = await site.api('GET', `/api/content/${id}/schedule`)
    expect(listed.body.docs).toEqual([second.body])
    expect(second.body.id).not.toBe(first.body.id)
    expect((await site.api('DELETE', `/api/content/${id}/schedule/${first.body.id}`)).status).toBe(
      404,
    )
    expect((await site.api('DELETE', `/api/content/${id}/schedule/${second.body.id}`)).status).toBe(
      204,
    )
    expect((await site.api('GET', `/api/content/${id}/schedule`)).body.docs).toEqual([])
    const read = await site.api('GET', `/api/content/${id}?draft=true`)
    expect(read.body.scheduledPublishAt).toBeNull()
    await pastTime(second.body.at, 1500)
    expect((await site.api('GET', `/api/content/${id}?draft=true`)).body.status).toBe('draft')
  })

  it('schedules: a schedule whose document is gone closes without an event — when the document is deleted before the time, then no event is sent and nothing fails', async () => {
    const id = await note('Gone')
    const at = inSeconds(6)
    await schedule(id, { action: 'unpublish', at })
    expect((await site.api('DELETE', `/api/content/${id}`)).status).toBe(204)
    await pastTime(at, 2000)
    expect(eventsOf(id, 'entry.unpublish')).toEqual([])
  })

  it.each([
    ['a time in the past', () => ({ action: 'publish', at: '2020-01-01T00:00:00Z' }), 'at'],
    ['a time that is not ISO 8601', () => ({ action: 'publish', at: 'tomorrow' }), 'at'],
    ['a time without an offset', () => ({ action: 'publish', at: '2099-01-01T10:00:00' }), 'at'],
    ['an unknown action', () => ({ action: 'archive', at: inSeconds(60) }), 'action'],
    ['an unknown member', () => ({ action: 'publish', at: inSeconds(60), when: 1 }), 'when'],
  ])(
    'schedules: bad schedules change nothing — when a schedule has %s, then 422 names it and nothing is stored',
    async (_, body, path) => {
      const id = await note('Bad')
      const response = await schedule(id, body())
      expect(response.status).toBe(422)
      expect(response.body.error.details.map((d: { path: string }) => d.path)).toContain(path)
      expect((await site.api('GET', `/api/content/${id}/schedule`)).body.docs).toEqual([])
    },
  )

  it('schedules: bad schedules change nothing — when the document was deleted, then a schedule for it is 404', async () => {
    const id = await note('Deleted')
    await site.api('DELETE', `/api/content/${id}`)
    const response = await schedule(id, { action: 'publish', at: inSeconds(60) })
    expect(response.status).toBe(404)
    expect((await site.readApi('GET', `/api/content/${id}/schedule`)).status).toBe(403)
  })
})
